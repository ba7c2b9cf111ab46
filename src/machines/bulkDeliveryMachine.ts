/**
 * Bulk delivery (SPEC section 2, /bulk-delivery): one pickup, several receivers. The sender
 * fills five fields; the receivers are kept by a child receiverListMachine (id `receivers`),
 * which gets every `receiver.*` event while the form is editable and reports each change back.
 * Submit checks the whole booking with the contract's schema and sends it to users/bulk/delivery.
 *
 * Side effects are named and provided by the view: `submit` (the API call), `notifySuccess`,
 * `notifyErrors` (toasts), `saveDraft`, `clearDraft` and `leave` (navigation).
 */
import { assign, forwardTo, fromPromise, setup } from 'xstate';
import { bulkDeliveryRequest, MAX_RECEIVERS, type BulkDeliveryRequest, type Receiver } from '../api/contract';
import { feedbackOf, problemsOf } from './formFields';
import { receiverListMachine, type ReceiverListEvent, type ReceiversChangedEvent } from './receiverListMachine';

export type BulkSender = Omit<BulkDeliveryRequest, 'receiver_details'>;
export type BulkSenderField = keyof BulkSender;

export const emptyBulkSender: BulkSender = {
  pickup_address: '',
  sender_fullname: '',
  sender_number: '',
  pickup_date: '',
  description: '',
};

export interface BulkDeliveryInput {
  values: BulkSender;
  receivers: Receiver[];
  /** Milliseconds between the success message and leaving (SPEC section 9: 3000). */
  redirectDelay?: number;
  maxReceivers?: number;
}

export interface BulkDraft {
  values: BulkSender;
  receivers: Receiver[];
}

const requestOf = (context: BulkDraft): BulkDeliveryRequest => ({ ...context.values, receiver_details: context.receivers });

/** Field messages about the receivers (`receiver_details`, `receiver_details.2.date`) go stale when the list changes. */
const withoutReceiverErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('receiver_details')));

export const bulkDeliveryMachine = setup({
  types: {
    context: {} as BulkDraft & {
      errors: Record<string, string[]>;
      /** What the last failure said, shown as toasts. */
      messages: string[];
      result: unknown;
      redirectDelay: number;
      maxReceivers: number;
    },
    input: {} as BulkDeliveryInput,
    events: {} as
      | { type: 'field.change'; name: BulkSenderField; value: string }
      | ReceiverListEvent
      | ReceiversChangedEvent
      | { type: 'submit' },
  },
  actors: {
    receiverList: receiverListMachine,
    submit: fromPromise<unknown, BulkDeliveryRequest>(async () => {
      throw new Error('submit is provided by the view');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { result: unknown }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    saveDraft: (_, _params: BulkDraft) => {},
    clearDraft: () => {},
    leave: (_, _params: { result: unknown }) => {},
  },
  guards: {
    isValid: ({ context }) => bulkDeliveryRequest.safeParse(requestOf(context)).success,
  },
  delays: {
    redirectDelay: ({ context }) => context.redirectDelay,
  },
}).createMachine({
  id: 'bulkDelivery',
  context: ({ input }) => ({
    values: input.values,
    receivers: input.receivers,
    errors: {},
    messages: [],
    result: null,
    redirectDelay: input.redirectDelay ?? 3000,
    maxReceivers: input.maxReceivers ?? MAX_RECEIVERS,
  }),
  // The list lives as long as the form, so a failed booking comes back to the same receivers.
  invoke: {
    id: 'receivers',
    src: 'receiverList',
    input: ({ context }) => ({ receivers: context.receivers, max: context.maxReceivers }),
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: [
            assign(({ context, event }) => {
              const { [event.name]: _cleared, ...errors } = context.errors;
              return { values: { ...context.values, [event.name]: event.value }, errors };
            }),
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, receivers: context.receivers }) },
          ],
        },
        'receiver.*': { actions: forwardTo('receivers') },
        'receivers.changed': {
          actions: [
            assign(({ context, event }) => ({ receivers: event.receivers, errors: withoutReceiverErrors(context.errors) })),
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, receivers: context.receivers }) },
          ],
        },
        submit: [
          { guard: 'isValid', target: 'submitting' },
          {
            actions: [
              assign(({ context }) => problemsOf(bulkDeliveryRequest, requestOf(context))),
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
        input: ({ context }) => requestOf(context),
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
