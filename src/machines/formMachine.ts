/**
 * The shape most flows share (SPEC section 4): the user fills fields, the form checks them
 * with the contract's schema, sends once, shows the success message, waits, then leaves.
 * Each flow makes its own machine from this with `createFormMachine` in its own file.
 *
 * Side effects are named and provided by the view: `submit` (the API call), `notifySuccess`,
 * `notifyErrors` (toasts), `saveDraft`, `clearDraft` and `leave` (navigation).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { feedbackOf, problemsOf } from './formFields';

export type FieldValue = string | boolean;
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string[]>;

export interface FormInput {
  values: FormValues;
  /** Milliseconds between the success message and leaving (SPEC section 9: 3000, login 2000). */
  redirectDelay?: number;
}

export interface FormOptions {
  id: string;
  /** Checks the values before sending; its messages go under the fields. */
  schema: z.ZodType;
}

export function createFormMachine(options: FormOptions) {

  return setup({
    types: {
      context: {} as {
        values: FormValues;
        errors: FieldErrors;
        /** What the last failure said, shown as toasts and kept for the page. */
        messages: string[];
        result: unknown;
        reveal: boolean;
        redirectDelay: number;
      },
      input: {} as FormInput,
      events: {} as
        | { type: 'field.change'; name: string; value: FieldValue }
        | { type: 'reveal.toggle' }
        | { type: 'submit' },
    },
    actors: {
      submit: fromPromise<unknown, FormValues>(async () => {
        throw new Error('submit is provided by the view');
      }),
    },
    actions: {
      notifySuccess: (_, _params: { result: unknown }) => {},
      notifyErrors: (_, _params: { messages: string[] }) => {},
      saveDraft: (_, _params: { values: FormValues }) => {},
      clearDraft: () => {},
      leave: (_, _params: { result: unknown }) => {},
    },
    guards: {
      isValid: ({ context }) => options.schema.safeParse(context.values).success,
    },
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
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.change': {
            actions: [
              assign(({ context, event }) => {
                // SPEC section 5: a field's message clears when the user types in it.
                const { [event.name]: _cleared, ...errors } = context.errors;
                return { values: { ...context.values, [event.name]: event.value }, errors };
              }),
              { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
            ],
          },
          'reveal.toggle': {
            actions: assign({ reveal: ({ context }) => !context.reveal }),
          },
          submit: [
            { guard: 'isValid', target: 'submitting' },
            {
              actions: [
                assign(({ context }) => problemsOf(options.schema, context.values)),
                { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
              ],
            },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'succeeded',
            actions: [
              assign({ result: ({ event }) => event.output, messages: [], errors: {} }),
              'clearDraft',
              { type: 'notifySuccess', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              assign(({ event }) => feedbackOf(event.error)),
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            ],
          },
        },
      },
      succeeded: {
        // SPEC section 4: the busy flag stays on until the redirect.
        tags: ['busy'],
        after: {
          redirectDelay: {
            target: 'done',
            actions: { type: 'leave', params: ({ context }) => ({ result: context.result }) },
          },
        },
      },
      done: { type: 'final' },
    },
  });
}
