/**
 * The submit lifecycle every form flow shares (docs/architecture.md, "Forms share one lifecycle"),
 * written once here so that no flow writes it again:
 *
 *   check → submitting (tag `busy`) → success (busy until it leaves), or back with field messages and toasts.
 *
 * A flow keeps its own file and states, read top to bottom. It spreads `lifecycleActions` and
 * `lifecycleGuards` into its `setup` (a keyed form also `keyedFormActions<Result, Draft>()` and
 * `keyedGuards`) and builds the repeated parts of its states with:
 * - `checkThen(target, checked)`: the submit transitions. What would be sent passes its schema:
 *   on to `target`; else its messages go under the fields and out as toasts, and the form stays.
 *   `showProblemsOf(checked)` is the second half alone, for a check with more conditions.
 * - `failureThen(target)`: a call that failed goes to `target` with its field messages and toasts.
 * - `keyedSubmitting({ request, saveDraft, failedTo })`: the whole submitting state of a form whose
 *   submissions carry an Idempotency-Key (formMachine, quote steps, bulk delivery).
 * - `successThen(target, leave)`: the success shows and the button stays busy for the delay
 *   `redirectDelay`; then `leave`, and on to `target`.
 * The rule that typing in a field clears its message is `edited` in formFields.ts.
 *
 * The builders name the actions and guards below by string, so a flow that did not spread them
 * into its setup does not compile. `notifyErrors` (the toasts) is provided by the view, as are a
 * keyed form's `notifySuccess`, `saveDraft`, `clearDraft` and `leave`.
 */
import { assign } from 'xstate';
import type { z } from 'zod/mini';
import {
  feedbackOf,
  heldOrNewKey,
  problemsOf,
  wasRefused,
  type Feedback,
  type SubmissionKeys,
} from './formFields';

/** What a flow would send, and the contract's schema it must pass first. */
export interface Checked {
  schema: z.ZodMiniType;
  value: unknown;
}

/** For `setup({ actions })`: what the builders below do. */
export const lifecycleActions = {
  /** Toasts, one a message; provided by the view. */
  notifyErrors: (_: unknown, _params: { messages: string[] }) => {},
  /** The schema's messages about what would be sent: under the fields and, next, as toasts. */
  showProblems: assign<Feedback, never, Checked, never, never>((_, { schema, value }) =>
    problemsOf(schema, value),
  ),
  /** What a failed call says (formFields.ts, feedbackOf). */
  showFeedback: assign<Feedback, never, { error: unknown }, never, never>((_, { error }) =>
    feedbackOf(error),
  ),
  /** Nothing left to fix, nothing to say. */
  clearFeedback: assign<Feedback, never, undefined, never, never>({ errors: {}, messages: [] }),
};

/** Whether what would be sent passes its schema. */
export const passes = ({ schema, value }: Checked) => schema.safeParse(value).success;

/** For `setup({ guards })`. */
export const lifecycleGuards = {
  isValid: (_: unknown, checked: Checked) => passes(checked),
};

/**
 * For `setup({ actions })` of a form whose submissions carry an Idempotency-Key (formFields.ts)
 * and whose view keeps a draft: the key's life, the answer kept as `result`, and the side effects
 * the view provides (`notifySuccess`, `saveDraft`, `clearDraft`, `leave`).
 */
export function keyedFormActions<TResult, TDraft>() {
  return {
    /** Before the call: the key still held from an unanswered submission, else a new one. */
    assignSubmissionKey: assign<SubmissionKeys, never, undefined, never, never>(({ context }) => ({
      submissionKey: heldOrNewKey(context),
    })),
    /** After an answer: the next press is a new submission. */
    forgetSubmissionKey: assign<SubmissionKeys, never, undefined, never, never>({
      submissionKey: null,
    }),
    /** The server's answer, for the page and for `leave`. */
    keepResult: assign<{ result: TResult | null }, never, { result: TResult }, never, never>(
      (_, { result }) => ({ result }),
    ),
    notifySuccess: (_: unknown, _params: { result: TResult }) => {},
    saveDraft: (_: unknown, _params: TDraft) => {},
    clearDraft: () => {},
    leave: (_: unknown, _params: { result: TResult }) => {},
  };
}

/** For `setup({ guards })` of a keyed flow: the failure event of the call was a refusal (4xx). */
export const keyedGuards = {
  wasRefused: ({ event }: { event: unknown }) => wasRefused((event as { error?: unknown }).error),
};

/** Toasts what the context's `messages` say. */
export const toastMessages = {
  type: 'notifyErrors' as const,
  params: ({ context }: { context: { messages: string[] } }) => ({ messages: context.messages }),
};

/** Puts what the failed call said in the context (used in `onError`). */
export const showFeedbackOfError = {
  type: 'showFeedback' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
};

/**
 * The submit transitions: on to `target` when `checked(context)` passes, else its messages.
 * `check` names the check in the statecharts (docs/statecharts), where every such guard is `isValid`.
 */
export function checkThen<TContext>(
  target: string,
  checked: (context: TContext) => Checked,
  check = 'isValid',
) {
  const params = ({ context }: { context: TContext }) => checked(context);
  return [
    { guard: { type: 'isValid' as const, params }, target, meta: { guard: check } },
    { actions: showProblemsOf(checked) },
  ];
}

/** What `checked(context)` does wrong: under the fields, and as toasts (for a check with more conditions). */
export function showProblemsOf<TContext>(checked: (context: TContext) => Checked) {
  return [
    {
      type: 'showProblems' as const,
      params: ({ context }: { context: TContext }) => checked(context),
    },
    toastMessages,
  ];
}

/** A failed call: back to `target` with its field messages, and its toasts. */
export function failureThen(target: string) {
  return { target, actions: [showFeedbackOfError, toastMessages] };
}

/**
 * A failed keyed submission, back to `target` either way. Refused (4xx): the server stored
 * nothing, so the key is forgotten and the draft says so. No answer (timeout, network, 5xx): the
 * key stays, and the same key goes again with the next press.
 */
function keyedFailureThen<TSaveDraft extends { type: 'saveDraft' }>(
  target: string,
  saveDraft: TSaveDraft,
) {
  return [
    {
      guard: 'wasRefused' as const,
      target,
      actions: [showFeedbackOfError, 'forgetSubmissionKey' as const, saveDraft, toastMessages],
    },
    failureThen(target),
  ];
}

/**
 * The submitting state of a keyed form. The key goes into the draft before the call, so a reload
 * after no answer resends it; the view's `submit` actor gets `request(context)` and the key. The
 * answer is kept as `result`, the key and the draft are forgotten, and on to `succeeded`; a failure
 * goes back to `failedTo` (keyedFailureThen).
 */
export function keyedSubmitting<
  TContext extends SubmissionKeys & { result: unknown },
  TRequest,
  TSaveDraft extends { type: 'saveDraft' },
>(options: { request: (context: TContext) => TRequest; saveDraft: TSaveDraft; failedTo: string }) {
  type Done = { event: { output: Exclude<TContext['result'], null> } };
  return {
    tags: ['busy' as const],
    entry: ['assignSubmissionKey' as const, options.saveDraft],
    invoke: {
      id: 'submit',
      src: 'submit' as const,
      // Set by assignSubmissionKey on entry.
      input: ({ context }: { context: TContext }) => ({
        request: options.request(context),
        submissionKey: context.submissionKey!,
      }),
      onDone: {
        target: 'succeeded',
        actions: [
          { type: 'keepResult' as const, params: ({ event }: Done) => ({ result: event.output }) },
          'clearFeedback' as const,
          'forgetSubmissionKey' as const,
          'clearDraft' as const,
          {
            type: 'notifySuccess' as const,
            params: ({ event }: Done) => ({ result: event.output }),
          },
        ],
      },
      onError: keyedFailureThen(options.failedTo, options.saveDraft),
    },
  };
}

/** After a success: the button stays busy until the delay `redirectDelay`, then `leave` and on to `target`. */
export function successThen<TLeave>(target: string, leave: TLeave) {
  return {
    tags: ['busy' as const],
    after: { redirectDelay: { target, actions: leave } },
  };
}
