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
import { feedbackOf, problemsOf, type Errors } from './formFields';

export interface OfferDecisionInput {
  reference: string;
  /** The offer's state in the server's last answer (it says `expired` past the last valid day). */
  state: OfferState;
}

const isConflict = ({ event }: { event: unknown }) => {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 409;
};

export const offerDecisionMachine = setup({
  types: {
    context: {} as OfferDecisionInput & { reason: string; errors: Errors; messages: string[] },
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
    notifySuccess: (_, _params: { message: string }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    changed: () => {},
    rememberFailure: assign((_, params: { error: unknown }) => feedbackOf(params.error)),
  },
  guards: {
    isAccepted: ({ context }) => context.state === 'accepted',
    isDeclined: ({ context }) => context.state === 'declined',
    isOpen: ({ context }) => context.state === 'open',
    hasReason: ({ context }) => declineOfferRequest.safeParse({ reason: context.reason }).success,
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
        onError: [
          { guard: 'isConflict', target: 'open', actions: [
            { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            'changed',
          ] },
          { target: 'open', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) }] },
        ],
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
            'decline.confirm': [
              { guard: 'hasReason', target: 'sending' },
              {
                actions: [
                  assign(({ context }) => problemsOf(declineOfferRequest, { reason: context.reason })),
                  { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
                ],
              },
            ],
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
            onError: [
              { guard: 'isConflict', target: '#offerDecision.open', actions: [
            { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            'changed',
          ] },
              { target: 'asking', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) }] },
            ],
          },
        },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
    expired: { type: 'final' },
  },
});
