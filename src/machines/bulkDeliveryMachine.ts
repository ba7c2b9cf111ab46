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
import { assign, forwardTo, setup } from 'xstate';
import { providedByView } from './providedByView';
import { bulkDeliveryRequest, type Receiver } from '../api/contract/deliveries';
import { MAX_RECEIVERS } from '../api/contract/rules';
import type { BulkDeliveryRequest } from '../api/contract';
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
import {
  receiverListMachine,
  type ReceiverListEvent,
  type ReceiversChangedEvent,
} from './receiverListMachine';

export type BulkSender = Omit<BulkDeliveryRequest, 'receiver_details'>;
export type BulkSenderField = keyof BulkSender;

export const emptyBulkSender: BulkSender = {
  pickup_address: '',
  pickup_state: '',
  pickup_lga: '',
  pickup_landmark: '',
  sender_fullname: '',
  sender_number: '',
  pickup_date: '',
  description: '',
  declared_value: '',
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

const requestOf = (context: BulkForm): BulkDeliveryRequest => ({
  ...context.values,
  receiver_details: context.receivers,
});

/** Field messages about the receivers (`receiver_details`, `receiver_details.2.date`) go stale when the list changes. */
const withoutReceiverErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('receiver_details')));

type BulkContext = SubmissionKeys & {
  values: BulkSender;
  receivers: Receiver[];
  errors: Record<string, string[]>;
  /** What the last failure said, shown as toasts. */
  messages: string[];
  result: unknown;
  redirectDelay: number;
  maxReceivers: number;
};

const saveDraft = {
  type: 'saveDraft' as const,
  params: ({ context }: { context: BulkContext }) => bulkDraftOf(context),
};

export const bulkDeliveryMachine = setup({
  types: {
    context: {} as BulkContext,
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
    submit: providedByView<unknown, KeyedRequest<BulkDeliveryRequest>>('submit'),
  },
  actions: {
    ...lifecycleActions,
    ...keyedFormActions<unknown, BulkDraft>(),
  },
  guards: { ...lifecycleGuards, ...keyedGuards },
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
            assign(({ context, event }) =>
              edited(context.values, context.errors, event.name, event.value),
            ),
            saveDraft,
          ],
        },
        'receiver.*': { actions: forwardTo('receivers') },
        'receivers.changed': {
          actions: [
            assign(({ context, event }) => ({
              receivers: event.receivers,
              errors: withoutReceiverErrors(context.errors),
            })),
            saveDraft,
          ],
        },
        submit: checkThen('submitting', (context: BulkContext) => ({
          schema: bulkDeliveryRequest,
          value: requestOf(context),
        })),
      },
    },
    submitting: keyedSubmitting({
      request: (context: BulkContext) => requestOf(context),
      saveDraft,
      failedTo: 'editing',
    }),
    // The busy flag stays on until the redirect.
    succeeded: successThen('done', {
      type: 'leave' as const,
      params: ({ context }: { context: BulkContext }) => ({ result: context.result }),
    }),
    done: { type: 'final' },
  },
});
