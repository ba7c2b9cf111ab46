/**
 * Paying for an accepted price on the order page (docs/using-the-site.md, "Paying for an order"):
 * Pay starts an online payment of the balance (the server picks the amount and a new Paystack
 * reference for every attempt) and the browser leaves for the checkout; back on the page with
 * `?reference=`, the payment is verified by the server, which alone decides that it is paid. A
 * declined or abandoned payment can be tried again, as a new attempt.
 * The calls (`startPayment`, `verifyPayment`), leaving for the checkout (`goToCheckout`), the
 * toasts and `changed` (the page loads the order again) are provided by the view.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { messagesOf } from '../api/errors';

export interface OrderPaymentInput {
  reference: string;
  /** The Paystack reference the checkout sent the browser back with, or null. */
  returnedFrom: string | null;
}

/** What the server answered when asked to start a payment. */
export interface StartedPayment {
  authorization_url: string;
  reference: string;
}

/** What verifying a payment found: paid, or why not, in the server's words. */
export interface VerifiedPayment {
  paid: boolean;
  message: string;
}

export const orderPaymentMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as OrderPaymentInput & { messages: string[] },
    input: {} as OrderPaymentInput,
    events: {} as { type: 'pay' } | { type: 'retry' },
  },
  actors: {
    startPayment: providedByView<StartedPayment, { reference: string }>('startPayment'),
    verifyPayment: providedByView<
      VerifiedPayment,
      { reference: string; paystackReference: string }
    >('verifyPayment'),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    goToCheckout: (_, _params: { url: string }) => {},
    changed: () => {},
  },
  guards: {
    wasReturned: ({ context }) => context.returnedFrom !== null,
    isPaid: (_, params: { paid: boolean }) => params.paid,
  },
}).createMachine({
  id: 'orderPayment',
  context: ({ input }) => ({ ...input, messages: [] }),
  initial: 'arriving',
  states: {
    arriving: {
      always: [{ guard: 'wasReturned', target: 'verifying' }, { target: 'idle' }],
    },
    idle: {
      on: { pay: 'starting' },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: {
          target: 'atCheckout',
          actions: {
            type: 'goToCheckout',
            params: ({ event }) => ({ url: event.output.authorization_url }),
          },
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ messages: ({ event }) => messagesOf(event.error) }),
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
          ],
        },
      },
    },
    // The browser is leaving for the checkout: the button stays busy until the page is gone.
    atCheckout: { tags: ['busy'] },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        // Only entered when wasReturned holds.
        input: ({ context }) => ({
          reference: context.reference,
          paystackReference: context.returnedFrom!,
        }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ paid: event.output.paid }) },
            target: 'paid',
            actions: [
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              'changed',
            ],
          },
          {
            target: 'failed',
            actions: [
              assign({ messages: ({ event }) => [event.output.message] }),
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
              'changed',
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            assign({ messages: ({ event }) => messagesOf(event.error) }),
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
          ],
        },
      },
    },
    paid: { type: 'final' },
    failed: {
      on: { retry: { target: 'starting', actions: assign({ messages: [] }) } },
    },
  },
});
