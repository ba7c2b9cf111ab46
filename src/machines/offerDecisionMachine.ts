/**
 * The customer's answer to a price offer: open → accepting → accepted, or open → declining
 * (a reason is asked, and kept as typed) → declined; an offer past its last valid day is
 * expired and can only be looked at. Each answer names the offer shown (`offer_id`): when staff
 * replaced it meanwhile, the server answers 409 with the order as it is now, and the flow goes
 * to `changed`, which shows the new offer with a notice and lets the customer accept or decline
 * that one. Any other 409 (expired, already answered, the order final) asks the page to load the
 * order again. The calls (`accept`, `decline`), the toasts and `changed` (the order page loads
 * the order again) are provided by the view.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import {
  declineOfferRequest,
  type Offer,
  type OfferConflictBody,
  type OrderDetail,
} from '../api/contract/orders';
import { isFinalStatus } from '../api/contract/rules';
import { isApiError } from '../api/errors';
import type { Errors } from './formFields';
import {
  checkThen,
  failureThen,
  lifecycleActions,
  lifecycleGuards,
  showFeedbackOfError,
  toastMessages,
} from './submitLifecycle';

export interface OfferDecisionInput {
  reference: string;
  /** The offer as the server last answered it (its state says `expired` past the last valid day). */
  offer: Offer;
}

/** What an answer sends: the order and the offer the customer saw. */
export interface OfferAnswer {
  reference: string;
  offerId: number;
}

type OfferDecisionContext = OfferDecisionInput & {
  reason: string;
  errors: Errors;
  messages: string[];
};

const isConflict = ({ event }: { event: unknown }) => {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 409;
};

/** The new open offer of a refused answer's order (the client kept the 409's body), if staff replaced the one shown. */
function replacingOffer(error: unknown, shown: Offer): Offer | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const order = (error.current as OfferConflictBody | null)?.order;
  if (!order || isFinalStatus(order.status)) return null;
  return order.offer?.state === 'open' && order.offer.id !== shown.id ? order.offer : null;
}

/** The offer shown once an answer succeeded: the one in the order the server answered. */
const offerAfter = (order: OrderDetail | null, shown: Offer) => order?.offer ?? shown;

/** The offer changed meanwhile: say so, and the view loads the order again. */
const conflictThen = (target: string) => ({
  guard: 'isConflict' as const,
  target,
  actions: [showFeedbackOfError, toastMessages, 'changed' as const],
});

/** Staff sent a new price meanwhile: show it (the server's message says which) and ask again. */
const replacedThen = {
  guard: 'isReplaced' as const,
  target: '#offerDecision.changed',
  actions: ['showReplacingOffer' as const, showFeedbackOfError, toastMessages],
};

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
    tags: {} as 'busy' | 'changed',
  },
  actors: {
    accept: providedByView<OrderDetail | null, OfferAnswer>('accept'),
    decline: providedByView<OrderDetail | null, OfferAnswer & { reason: string }>('decline'),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: (_, _params: { message: string }) => {},
    changed: () => {},
    showReplacingOffer: assign(({ context, event }) => ({
      offer: replacingOffer((event as { error?: unknown }).error, context.offer) ?? context.offer,
      errors: {},
    })),
  },
  guards: {
    ...lifecycleGuards,
    isAccepted: ({ context }) => context.offer.state === 'accepted',
    isDeclined: ({ context }) => context.offer.state === 'declined',
    isOpen: ({ context }) => context.offer.state === 'open',
    isConflict,
    isReplaced: ({ context, event }) =>
      replacingOffer((event as { error?: unknown }).error, context.offer) !== null,
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
    /** The price shown was replaced: the new one, with a notice, before anything is accepted. */
    changed: {
      tags: ['changed'],
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
        input: ({ context }) => ({ reference: context.reference, offerId: context.offer.id }),
        onDone: {
          target: 'accepted',
          actions: [
            assign({ offer: ({ context, event }) => offerAfter(event.output, context.offer) }),
            {
              type: 'notifySuccess',
              params: { message: 'Offer accepted. The price is now final.' },
            },
            'changed',
          ],
        },
        onError: [replacedThen, conflictThen('open'), failureThen('open')],
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
              (context: OfferDecisionContext) => ({
                schema: declineOfferRequest,
                value: { offer_id: context.offer.id, reason: context.reason },
              }),
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
            input: ({ context }) => ({
              reference: context.reference,
              offerId: context.offer.id,
              reason: context.reason.trim(),
            }),
            onDone: {
              target: '#offerDecision.declined',
              actions: [
                assign({ offer: ({ context, event }) => offerAfter(event.output, context.offer) }),
                {
                  type: 'notifySuccess',
                  params: { message: 'Offer declined. We will be in touch.' },
                },
                'changed',
              ],
            },
            onError: [replacedThen, conflictThen('#offerDecision.open'), failureThen('asking')],
          },
        },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
    expired: { type: 'final' },
  },
});
