/**
 * Sending when back online (issue 38, docs/using-the-site.md "Offline"): what a booking, quote,
 * application or profile form sends goes through this machine, so a form pressed while the
 * phone has no network is not lost. It waits, says so ("Waiting for network…"), and sends
 * itself as soon as the page hears it is back online (the `online` event: the browser's own
 * background sync may wait minutes), or the customer cancels it.
 *
 * Offline when pressed, it waits; online, it sends. A call that gets no answer while the page is
 * offline waits too. Back online, a call that gets no answer (a signal back in name only: the
 * `online` event often comes before data flows) is tried again after `retryDelay`, up to RETRIES
 * times, still "waiting for network". Any other failure fails: a refusal, or no answer to a call
 * sent while online all along (as a call made without this machine would). Every attempt sends
 * the same `input`: the request with its one Idempotency-Key, so a booking whose answer was lost
 * on the way back is booked once however often it goes.
 *
 * A form runs it as its own call (the `submit` its machine invokes: src/ui/components/
 * sendWhenOnline.tsx gives it the page's call). `sent` ends it with the answer, as the call
 * would have; `failed` ends it with the call's error and `cancelled` with CANCELLED_MESSAGE,
 * through `fail`, the one action that throws: XState hands an actor's error to the machine that
 * invoked it as a call's failure. So the form's own lifecycle (submitLifecycle.ts) is unchanged:
 * on a refusal the key is forgotten; on no answer, and on a cancel, the key and what was typed
 * stay, and the toast says why.
 *
 * Provided by the view: `send` (the form's call), `networkBack` (settles at the page's next
 * `online` event) and the guard `isOffline` (what the browser believes now, navigator.onLine).
 */
import { assign, setup } from 'xstate';
import { ApiError } from '../api/errors';
import { wasUnanswered } from './unanswered';
import { providedByView } from './providedByView';

/** Tries again after no answer once back online, before failing; each return of the network, as many. */
export const RETRIES = 2;

/** The error a cancelled submission ends with: the form toasts it and keeps what was typed. */
export const CANCELLED_MESSAGE =
  'Not sent. What you typed is kept: send it again when you are ready.';

interface SendContext {
  /** What the form gave: its request and Idempotency-Key, sent unchanged at every attempt. */
  input: unknown;
  /** Tries left after no answer while online: none until the network has come back. */
  retriesLeft: number;
  result: unknown;
  error: unknown;
}

export const sendWhenOnlineMachine = setup({
  types: {
    context: {} as SendContext,
    input: {} as unknown,
    output: {} as unknown,
    events: {} as { type: 'cancel' },
    tags: {} as 'sending' | 'waiting',
  },
  actors: {
    send: providedByView<unknown, unknown>('send'),
    networkBack: providedByView<void>('networkBack'),
  },
  actions: {
    /** Ends the machine with `error`, which the form that runs it receives as its call's failure. */
    fail: (_, { error }: { error: unknown }) => {
      throw error;
    },
  },
  guards: {
    /** The browser has no network now; provided by the view (a machine alone is always online). */
    isOffline: () => false,
    /** The call got an answer, a refusal or a server's error: nothing to wait for. */
    wasAnswered: ({ event }) => !wasUnanswered((event as { error?: unknown }).error),
    hasTriesLeft: ({ context }) => context.retriesLeft > 0,
  },
  delays: {
    retryDelay: 3000,
    /**
     * One turn: an actor that ends with an error does not stop what it runs (the transition that
     * would is cut short), so a cancel lets the wait for the network stop before the machine ends.
     */
    stopFirst: 0,
  },
}).createMachine({
  id: 'sendWhenOnline',
  context: ({ input }) => ({ input, retriesLeft: 0, result: null, error: null }),
  initial: 'checking',
  states: {
    /** Online, send; offline, wait. */
    checking: {
      always: [{ guard: 'isOffline', target: 'waiting' }, { target: 'sending' }],
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }: { context: SendContext }) => context.input,
        onDone: { target: 'sent', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'wasAnswered',
            target: 'failed',
            actions: assign({ error: ({ event }) => event.error }),
          },
          { guard: 'isOffline', target: 'waiting' },
          {
            guard: 'hasTriesLeft',
            target: 'retrying',
            actions: assign({ retriesLeft: ({ context }) => context.retriesLeft - 1 }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** Offline: "Waiting for network…", and Cancel. Back online, a fresh set of tries. */
    waiting: {
      tags: ['waiting'],
      invoke: {
        id: 'networkBack',
        src: 'networkBack',
        onDone: { target: 'sending', actions: assign({ retriesLeft: RETRIES }) },
      },
      on: { cancel: 'cancelling' },
    },
    /** Online in name only: "Waiting for network…" still, and the same request again shortly. */
    retrying: {
      tags: ['waiting'],
      after: { retryDelay: 'checking' },
      on: { cancel: 'cancelling' },
    },
    /** Cancelled: the wait stops, then the machine ends. */
    cancelling: {
      after: { stopFirst: 'cancelled' },
    },
    sent: { type: 'final' },
    failed: {
      type: 'final',
      entry: {
        type: 'fail',
        params: ({ context }: { context: SendContext }) => ({ error: context.error }),
      },
    },
    cancelled: {
      type: 'final',
      entry: { type: 'fail', params: () => ({ error: new ApiError([CANCELLED_MESSAGE]) }) },
    },
  },
  output: ({ context }: { context: SendContext }) => context.result,
});
