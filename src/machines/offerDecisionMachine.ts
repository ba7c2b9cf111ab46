/**
 * The customer's answer to a price offer: open → accepting → accepted, or open → declining
 * (a reason is asked, and kept as typed) → declined; an offer past its last valid day is
 * expired and can only be looked at. The calls (`accept`, `decline`), the toasts and `changed`
 * (the order page and My bookings load the order again) are provided by the view. A 409 means
 * the offer changed meanwhile (replaced, expired, or already answered): the view reloads.
 */
import { assign, fromPromise, setup } from 'xstate';
import { declineOfferRequest, type OfferState } from '../api/contract';
import { isApiError } from '../api/errors';
import type { Errors } from './formFields';
import { checkThen, failureThen, lifecycleActions, lifecycleGuards, showFeedbackOfError, toastMessages } from './submitLifecycle';

export interface OfferDecisionInput {
  reference: string;
  /** The offer's state in the server's last answer (it says `expired` past the last valid day). */
  state: OfferState;
}

const isConflict = ({ event }: { event: unknown }) => {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 409;
};

type OfferDecisionContext = OfferDecisionInput & { reason: string; errors: Errors; messages: string[] };

/** The offer changed meanwhile: say so, and the view loads it again. */
const conflictThen = (target: string) => ({
  guard: 'isConflict' as const,
  target,
  actions: [showFeedbackOfError, toastMessages, 'changed' as const],
});

export const offerDecisionMachine = setup({
  types: {
    context: {} as OfferDecisionContext,
    input: {} as OfferDecisionInput,
    events: {} as
      | { type: 'accept' }
      | { type: 'decline' }
      | { type: 'reason.change'; value: string }
      | { type: 'decline.confirm' }
      | { type: 'back' },
  },
  actors: {
    accept: fromPromise<unknown, { reference: string }>(async () => {
      throw new Error('accept is provided by the view');
    }),
    decline: fromPromise<unknown, { reference: string; reason: string }>(async () => {
      throw new Error('decline is provided by the view');
    }),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: (_, _params: { message: string }) => {},
    changed: () => {},
  },
  guards: {
    ...lifecycleGuards,
    isAccepted: ({ context }) => context.state === 'accepted',
    isDeclined: ({ context }) => context.state === 'declined',
    isOpen: ({ context }) => context.state === 'open',
    isConflict,
  },
}).createMachine({
  id: 'offerDecision',
  context: ({ input }) => ({ ...input, reason: '', errors: {}, messages: [] }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isAccepted', target: 'accepted' },
        { guard: 'isDeclined', target: 'declined' },
        { guard: 'isOpen', target: 'open' },
        // Expired, or replaced by a newer offer: there is nothing to answer.
        { target: 'expired' },
      ],
    },
    open: {
      on: {
        accept: 'accepting',
        decline: 'declining',
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: {
          target: 'accepted',
          actions: [{ type: 'notifySuccess', params: { message: 'Offer accepted. The price is now final.' } }, 'changed'],
        },
        onError: [conflictThen('open'), failureThen('open')],
      },
    },
    declining: {
      initial: 'asking',
      states: {
        asking: {
          on: {
            'reason.change': {
              actions: assign({ reason: ({ event }) => event.value, errors: {} }),
            },
            'decline.confirm': checkThen(
              'sending',
              (context: OfferDecisionContext) => ({ schema: declineOfferRequest, value: { reason: context.reason } }),
              'hasReason',
            ),
            back: { target: '#offerDecision.open', actions: assign({ errors: {} }) },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'decline',
            src: 'decline',
            input: ({ context }) => ({ reference: context.reference, reason: context.reason.trim() }),
            onDone: {
              target: '#offerDecision.declined',
              actions: [{ type: 'notifySuccess', params: { message: 'Offer declined. We will be in touch.' } }, 'changed'],
            },
            onError: [conflictThen('#offerDecision.open'), failureThen('asking')],
          },
        },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
    expired: { type: 'final' },
  },
});
