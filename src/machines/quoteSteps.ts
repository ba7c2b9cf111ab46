/**
 * What both relocation quote forms share (docs/product.md): the user fills one step at
 * a time; Next checks that step's fields, Back never checks; Submit on the last step checks it
 * and the whole quote against the contract (the inspection not after the moving date), sends
 * once, shows the success, waits, then leaves. Chosen files live in the context, not in drafts.
 * quoteMachine.ts (3 steps) and quoteWizardMachine.ts (5 tabs) make their machine from this.
 *
 * Side effects are named and provided by the view: `submit` (the API call), `notifySuccess`,
 * `notifyErrors` (toasts), `saveDraft`, `clearDraft` and `leave` (navigation).
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { z } from 'zod/mini';
import { quoteRequest } from '../api/contract/quoteRequest';
import type { QuoteRequest, ResponseOf } from '../api/contract';
import {
  draftOf,
  edited,
  problemsOf,
  withoutErrorsOf,
  type KeyedRequest,
  type SubmissionKeys,
} from './formFields';
import {
  keyedFormActions,
  keyedGuards,
  keyedSubmitting,
  lifecycleActions,
  successThen,
  toastMessages,
} from './submitLifecycle';
import type { FieldErrors, FieldValue, FormDraft, FormValues } from './formMachine';

export interface QuoteStep {
  /** The state's name, also the view's tab value. */
  name: string;
  /** What Next (or Submit, on the last step) requires of this step; none: always passes. */
  schema?: z.ZodMiniType;
}

export interface QuoteStepsOptions {
  id: string;
  steps: readonly [QuoteStep, ...QuoteStep[]];
  /**
   * The 3-step form's files: where their messages go and how many are kept. The 5-step form has
   * none here: its photo is src/machines/photoUploadMachine.ts's, which sends the quote with it.
   */
  files?: { field: string; max: number };
}

export interface QuoteStepsInput {
  values: FormValues;
  /** Milliseconds between the success message and leaving (3000). */
  redirectDelay?: number;
  /** Restored from the draft: the key of a submission that got no answer. */
  submissionKey?: string | null;
  newSubmissionKey: () => string;
}

export type QuoteResult = ResponseOf<'stateService'>;
export interface QuoteSubmission {
  quote: QuoteRequest;
  files: File[];
}

const wireKeys = Object.keys(quoteRequest.shape);

/** The values the contract knows; local-only ones (the terms box) stay behind. */
export function quoteOf(values: FormValues): QuoteRequest {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => wireKeys.includes(key)),
  ) as QuoteRequest;
}

const errorsOf = (schema: z.ZodMiniType, value: unknown): FieldErrors =>
  problemsOf(schema, value).errors;

/** Field messages of one step, in the step schema's order; the last step adds the contract's. */
export function stepErrors(
  steps: readonly QuoteStep[],
  index: number,
  values: FormValues,
): FieldErrors {
  const step = steps[index]!;
  const own = step.schema ? errorsOf(step.schema, values) : {};
  if (index < steps.length - 1) return own;
  const wire = errorsOf(quoteRequest, quoteOf(values));
  for (const [key, messages] of Object.entries(wire))
    own[key] = [...new Set([...(own[key] ?? []), ...messages])];
  return own;
}

const messagesIn = (errors: FieldErrors) => [...new Set(Object.values(errors).flat())];

type QuoteStepsContext = SubmissionKeys & {
  values: FormValues;
  files: File[];
  errors: FieldErrors;
  /** What the last check or failure said, shown as toasts and kept on the page. */
  messages: string[];
  result: QuoteResult | null;
  redirectDelay: number;
};

const saveDraft = {
  type: 'saveDraft' as const,
  params: ({ context }: { context: QuoteStepsContext }) =>
    draftOf({ values: context.values }, context.submissionKey),
};

export function createQuoteStepsMachine({ id, steps, files }: QuoteStepsOptions) {
  const lastIndex = steps.length - 1;
  const lastStep = steps[lastIndex]!.name;

  const machine = setup({
    types: {
      context: {} as QuoteStepsContext,
      input: {} as QuoteStepsInput,
      events: {} as
        | { type: 'field.change'; name: string; value: FieldValue }
        | { type: 'files.add'; files: File[] }
        | { type: 'files.reject'; messages: string[] }
        | { type: 'files.remove'; index: number }
        | { type: 'step.next' }
        | { type: 'step.back' }
        | { type: 'submit' },
      tags: {} as 'busy',
    },
    actors: {
      submit: providedByView<QuoteResult, KeyedRequest<QuoteSubmission>>('submit'),
    },
    actions: {
      ...lifecycleActions,
      ...keyedFormActions<QuoteResult, FormDraft>(),
      showStepErrors: assign(({ context }, { step }: { step: number }) => {
        const errors = stepErrors(steps, step, context.values);
        return { errors: { ...context.errors, ...errors }, messages: messagesIn(errors) };
      }),
      forgetMessages: assign({ messages: [] }),
    },
    guards: {
      ...keyedGuards,
      stepIsValid: ({ context }, { step }: { step: number }) =>
        Object.keys(stepErrors(steps, step, context.values)).length === 0,
    },
    delays: {
      redirectDelay: ({ context }) => context.redirectDelay,
    },
  });

  /** Next (or Submit) goes on when the step passes, else shows its messages and stays. */
  const forward = (index: number, target: string) =>
    !steps[index]!.schema && index < lastIndex
      ? [{ target, actions: 'forgetMessages' as const }]
      : [
          {
            guard: { type: 'stepIsValid' as const, params: { step: index } },
            target,
            actions: 'forgetMessages' as const,
          },
          {
            actions: [{ type: 'showStepErrors' as const, params: { step: index } }, toastMessages],
          },
        ];

  const stepStates = Object.fromEntries(
    steps.map((step, index) => [
      step.name,
      machine.createStateConfig({
        on: {
          ...(index > 0
            ? { 'step.back': { target: steps[index - 1]!.name, actions: 'forgetMessages' } }
            : {}),
          ...(index < lastIndex
            ? { 'step.next': forward(index, steps[index + 1]!.name) }
            : { submit: forward(index, `#${id}.submitting`) }),
        },
      }),
    ]),
  );

  return machine.createMachine({
    id,
    context: ({ input }) => ({
      values: input.values,
      files: [],
      errors: {},
      messages: [],
      result: null,
      redirectDelay: input.redirectDelay ?? 3000,
      submissionKey: input.submissionKey ?? null,
      newSubmissionKey: input.newSubmissionKey,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: steps[0].name,
        states: stepStates,
        on: {
          'field.change': {
            actions: [
              assign(({ context, event }) =>
                edited(context.values, context.errors, event.name, event.value),
              ),
              saveDraft,
            ],
          },
          // Choosing, refusing and removing the 3-step form's files.
          ...(files && {
            'files.add': {
              actions: assign(({ context, event }) => ({
                files: [...context.files, ...event.files].slice(-files.max),
                errors: withoutErrorsOf(context.errors, files.field),
              })),
            },
            'files.reject': {
              actions: [
                assign(({ context, event }) => ({
                  errors: { ...context.errors, [files.field]: event.messages },
                  messages: event.messages,
                })),
                toastMessages,
              ],
            },
            'files.remove': {
              actions: assign(({ context, event }) => ({
                files: context.files.filter((_, index) => index !== event.index),
                errors: withoutErrorsOf(context.errors, files.field),
              })),
            },
          }),
        },
      },
      // Back to the last step with everything typed; field messages land under their fields.
      submitting: keyedSubmitting({
        request: (context: QuoteStepsContext) => ({
          quote: quoteOf(context.values),
          files: context.files,
        }),
        saveDraft,
        failedTo: `editing.${lastStep}`,
      }),
      // The busy flag stays on until the redirect.
      succeeded: successThen('done', {
        type: 'leave' as const,
        params: ({ context }: { context: QuoteStepsContext }) => ({ result: context.result! }),
      }),
      done: { type: 'final' },
    },
  });
}

/** The step a snapshot is on: its name, 0-based index and the count (for tabs and the progress bar). */
export function stepOf(steps: readonly QuoteStep[], value: unknown) {
  const name =
    typeof value === 'object' && value !== null && 'editing' in value
      ? String((value as { editing: unknown }).editing)
      : steps.at(-1)!.name;
  return { name, index: steps.findIndex((step) => step.name === name), count: steps.length };
}
