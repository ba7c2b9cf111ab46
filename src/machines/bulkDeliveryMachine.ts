/**
 * Bulk delivery (docs/product.md, /bulk-delivery): one pickup, several receivers. The sender
 * fills five fields; the receivers are kept by a child receiverListMachine (id `receivers`),
 * which gets every `receiver.*` event while the form is editable and reports each change back.
 * Submit checks the whole booking with the contract's schema and sends it to users/bulk/delivery
 * with one Idempotency-Key, kept in the draft until an answer arrives (formFields.ts).
 *
 * Side effects are named and provided by the view: `submit` (the API call), `notifySuccess`,
 * `notifyErrors` (toasts), `saveDraft`, `clearDraft` and `leave` (navigation).
 */
import { assign, forwardTo, fromPromise, setup } from 'xstate';
import { bulkDeliveryRequest, MAX_RECEIVERS, type BulkDeliveryRequest, type Receiver } from '../api/contract';
import { draftOf, edited, feedbackOf, heldOrNewKey, problemsOf, wasRefused, type KeyedRequest, type SubmissionKeys } from './formFields';
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
  /** Milliseconds between the success message and leaving (3000). */
  redirectDelay?: number;
  maxReceivers?: number;
  /** Restored from the draft: the key of a submission that got no answer. */
  submissionKey?: string | null;
  newSubmissionKey: () => string;
}

export interface BulkDraft {
  values: BulkSender;
  receivers: Receiver[];
  /** Only while a submission waits for its answer. */
  submissionKey?: string;
}

type BulkForm = Omit<BulkDraft, 'submissionKey'>;
const bulkDraftOf = ({ values, receivers, submissionKey }: BulkForm & SubmissionKeys): BulkDraft =>
  draftOf({ values, receivers }, submissionKey);

const requestOf = (context: BulkForm): BulkDeliveryRequest => ({ ...context.values, receiver_details: context.receivers });

/** Field messages about the receivers (`receiver_details`, `receiver_details.2.date`) go stale when the list changes. */
const withoutReceiverErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('receiver_details')));

export const bulkDeliveryMachine = setup({
  types: {
    context: {} as SubmissionKeys & {
      values: BulkSender;
      receivers: Receiver[];
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
    tags: {} as 'busy',
  },
  actors: {
    receiverList: receiverListMachine,
    submit: fromPromise<unknown, KeyedRequest<BulkDeliveryRequest>>(async () => {
      throw new Error('submit is provided by the view');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { result: unknown }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    saveDraft: (_, _params: BulkDraft) => {},
    clearDraft: () => {},
    leave: (_, _params: { result: unknown }) => {},
    assignSubmissionKey: assign({ submissionKey: ({ context }) => heldOrNewKey(context) }),
    forgetSubmissionKey: assign({ submissionKey: null }),
  },
  guards: {
    isValid: ({ context }) => bulkDeliveryRequest.safeParse(requestOf(context)).success,
    // The failure event of the call.
      wasRefused: ({ event }) => wasRefused((event as { error?: unknown }).error),
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
    submissionKey: input.submissionKey ?? null,
    newSubmissionKey: input.newSubmissionKey,
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
            assign(({ context, event }) => edited(context.values, context.errors, event.name, event.value)),
            { type: 'saveDraft', params: ({ context }) => bulkDraftOf(context) },
          ],
        },
        'receiver.*': { actions: forwardTo('receivers') },
        'receivers.changed': {
          actions: [
            assign(({ context, event }) => ({ receivers: event.receivers, errors: withoutReceiverErrors(context.errors) })),
            { type: 'saveDraft', params: ({ context }) => bulkDraftOf(context) },
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
      // The key goes into the draft before the call, so a reload after no answer resends it.
      entry: ['assignSubmissionKey', { type: 'saveDraft', params: ({ context }) => bulkDraftOf(context) }],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ request: requestOf(context), submissionKey: context.submissionKey! }),
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output, messages: [], errors: {} }),
            'forgetSubmissionKey',
            'clearDraft',
            { type: 'notifySuccess', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'wasRefused',
            target: 'editing',
            actions: [
              assign(({ event }) => feedbackOf(event.error)),
              'forgetSubmissionKey',
              { type: 'saveDraft', params: ({ context }) => bulkDraftOf(context) },
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            ],
          },
          {
            // No answer: the same key goes again with the next press.
            target: 'editing',
            actions: [
              assign(({ event }) => feedbackOf(event.error)),
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            ],
          },
        ],
      },
    },
    succeeded: {
      // The busy flag stays on until the redirect.
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
