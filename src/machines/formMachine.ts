/**
 * The shape most flows share: the user fills fields, the form checks them with the contract's
 * schema, sends once, shows the success message, waits, then leaves. Each flow makes its own
 * machine from this with `createFormMachine` in its own file; its request is the schema's type.
 *
 * Every submission carries one Idempotency-Key (formFields.ts): assigned when the form is sent,
 * kept in the draft until an answer arrives, resent after a timeout or a network error.
 *
 * Side effects are named and provided by the view: `submit` (the API call), `notifySuccess`,
 * `notifyErrors` (toasts), `saveDraft`, `clearDraft` and `leave` (navigation).
 */
import { assign, setup, type InputFrom } from 'xstate';
import { providedByView } from './providedByView';
import type { z } from 'zod/mini';
import { draftOf, edited, type KeyedRequest, type SubmissionKeys } from './formFields';
import {
  checkThen,
  keyedFormActions,
  keyedGuards,
  keyedSubmitting,
  lifecycleActions,
  lifecycleGuards,
  successThen,
} from './submitLifecycle';

export type FieldValue = string | boolean;
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string[]>;

export interface FormInput {
  values: FormValues;
  /** Milliseconds between the success message and leaving (3000; login 2000). */
  redirectDelay?: number;
  /** Restored from the draft: the key of a submission that got no answer. */
  submissionKey?: string | null;
  newSubmissionKey: () => string;
}

export interface FormOptions<TSchema extends z.ZodMiniType> {
  id: string;
  /** Checks the values before sending; its messages go under the fields. */
  schema: TSchema;
}

export type FormDraft = { values: FormValues; submissionKey?: string };

type FormContext = SubmissionKeys & {
  values: FormValues;
  errors: FieldErrors;
  /** What the last failure said, shown as toasts and kept for the page. */
  messages: string[];
  result: unknown;
  reveal: boolean;
  redirectDelay: number;
};

const saveDraft = {
  type: 'saveDraft' as const,
  params: ({ context }: { context: FormContext }) =>
    draftOf({ values: context.values }, context.submissionKey),
};

export function createFormMachine<TSchema extends z.ZodMiniType>(options: FormOptions<TSchema>) {
  type Request = z.input<TSchema>;

  return setup({
    types: {
      context: {} as FormContext,
      input: {} as FormInput,
      events: {} as
        | { type: 'field.change'; name: string; value: FieldValue }
        | { type: 'reveal.toggle' }
        | { type: 'submit' },
      tags: {} as 'busy',
    },
    actors: {
      submit: providedByView<unknown, KeyedRequest<Request>>('submit'),
    },
    actions: {
      ...lifecycleActions,
      ...keyedFormActions<unknown, FormDraft>(),
    },
    guards: { ...lifecycleGuards, ...keyedGuards },
    delays: {
      redirectDelay: ({ context }) => context.redirectDelay,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      values: input.values,
      errors: {},
      messages: [],
      result: null,
      reveal: false,
      redirectDelay: input.redirectDelay ?? 3000,
      submissionKey: input.submissionKey ?? null,
      newSubmissionKey: input.newSubmissionKey,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.change': {
            actions: [
              assign(({ context, event }) =>
                edited(context.values, context.errors, event.name, event.value),
              ),
              saveDraft,
            ],
          },
          'reveal.toggle': {
            actions: assign({ reveal: ({ context }) => !context.reveal }),
          },
          submit: checkThen('submitting', (context: FormContext) => ({
            schema: options.schema,
            value: context.values,
          })),
        },
      },
      // The check has just passed, so the values are the schema's request.
      submitting: keyedSubmitting({
        request: (context: FormContext) => context.values as Request,
        saveDraft,
        failedTo: 'editing',
      }),
      // The busy flag stays on until the redirect.
      succeeded: successThen('done', {
        type: 'leave' as const,
        params: ({ context }: { context: FormContext }) => ({ result: context.result }),
      }),
      done: { type: 'final' },
    },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form machine; its request is read back below
export type FormMachine = ReturnType<typeof createFormMachine<any>>;
/** The request a form machine sends: its schema's type (see createFormMachine). */
export type RequestOfForm<M extends FormMachine> = InputFrom<
  NonNullable<NonNullable<Parameters<M['provide']>[0]['actors']>['submit']>
>['request'];
