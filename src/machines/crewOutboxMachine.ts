/**
 * The crew's actions waiting on the phone (issue 38, docs/crew-phone.md "Without network"): an
 * action taken without network, or whose send got no answer, is queued here by its stop's machine
 * (crewStopMachine) with the time it was taken, its Idempotency-Key and its position, and kept on
 * the phone (`save`: the page writes the queue to localStorage, so a reload keeps it and the page
 * starts this machine with it). The queue is sent **in order**, one action at a time, as soon as
 * the page starts (`checking`) and whenever the page hears the network is back (`network.back`,
 * the browser's `online` event). The server records each at the time it was taken (`taken_at`).
 *
 * - No answer while offline: the queue waits for the network (`waiting`). No answer while the
 *   browser believes it is online (a signal back in name only), or a server error: the same
 *   action is tried again after `retryDelay` (`retrying`), still in its place.
 * - A refusal (4xx: the stop moved meanwhile, a bound of the time, the session ended) stops the
 *   queue at that action (`refused`), with the server's message: the crew member tries it again
 *   (`retry`: after logging in again, or fixing the phone's clock) or removes it (`remove`). An
 *   action is never dropped without them.
 * - Every try sends the same request with the same Idempotency-Key, so an action whose answer was
 *   lost on the way back is recorded once.
 * - Photos never wait here: an action with photos is sent only with network (crewStopMachine).
 *
 * Provided by the view: `sendAction` (POST crew/stops/{id}/events with the key), the guard
 * `isOffline` (navigator.onLine), and the effects `save` (the queue to the phone's storage),
 * `sent` (the stop as the server now has it, for the list), `removed` (the list loads again) and
 * `notifyErrors` (toasts).
 */
import { assign, setup } from 'xstate';
import type { CrewStop } from '../api/contract/crewDay';
import { messagesOf } from '../api/errors';
import type { QueuedAction } from './crewQueue';
import { wasRefused } from './formFields';
import { providedByView } from './providedByView';

export interface CrewOutboxInput {
  /** The queue as the phone kept it, oldest first. */
  items: QueuedAction[];
}

interface CrewOutboxContext {
  items: QueuedAction[];
  /** Why the first action was refused. */
  messages: string[];
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

const save = {
  type: 'save' as const,
  params: ({ context }: { context: CrewOutboxContext }) => ({ items: context.items }),
};

/** The action goes last in the queue, and the queue is kept. */
const append = ['append' as const, save];

export const crewOutboxMachine = setup({
  types: {
    context: {} as CrewOutboxContext,
    input: {} as CrewOutboxInput,
    events: {} as
      | { type: 'enqueue'; action: QueuedAction }
      | { type: 'network.back' }
      | { type: 'retry' }
      | { type: 'remove' },
    tags: {} as 'busy' | 'waiting',
  },
  actors: {
    sendAction: providedByView<CrewStop, QueuedAction>('sendAction'),
  },
  actions: {
    /** The queue, to be kept on the phone. */
    save: (_, _params: { items: QueuedAction[] }) => {},
    /** The stop as the server now has it: the list shows it. */
    sent: (_, _params: { stop: CrewStop }) => {},
    /** The crew member removed a refused action: the list loads again, to show the stop as it is. */
    removed: (_, _params: { action: QueuedAction }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    append: assign({
      items: ({ context, event }) => [...context.items, (event as { action: QueuedAction }).action],
    }),
    /** The first action is done with: answered, or removed by the crew member. */
    dropFirst: assign({ items: ({ context }) => context.items.slice(1), messages: [] }),
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
    /** The browser has no network now; provided by the view (a machine alone is always online). */
    isOffline: () => false,
    wasRefused: ({ event }) => wasRefused(errorOf(event)),
  },
  delays: {
    /** Before the same action goes again after no answer while online, or a server error. */
    retryDelay: 10_000,
  },
}).createMachine({
  id: 'crewOutbox',
  context: ({ input }) => ({ items: input.items, messages: [] }),
  initial: 'checking',
  // Whatever the queue is doing, a new action goes last.
  on: { enqueue: { actions: append } },
  states: {
    /** Nothing waiting: idle; offline: wait; else send the first. */
    checking: {
      always: [
        { guard: 'isEmpty', target: 'empty' },
        { guard: 'isOffline', target: 'waiting' },
        { target: 'sending' },
      ],
    },
    empty: {
      on: { enqueue: { target: 'checking', actions: append } },
    },
    /** The first action goes, with its key. */
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendAction',
        src: 'sendAction',
        input: ({ context }) => context.items[0]!,
        onDone: {
          target: 'checking',
          actions: [
            { type: 'sent', params: ({ event }) => ({ stop: event.output }) },
            'dropFirst',
            save,
          ],
        },
        onError: [
          {
            guard: 'wasRefused',
            target: 'refused',
            actions: [
              assign({ messages: ({ event }) => messagesOf(event.error) }),
              { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
            ],
          },
          { guard: 'isOffline', target: 'waiting' },
          { target: 'retrying' },
        ],
      },
    },
    /** "Waiting for network…": until the page hears it is back. */
    waiting: {
      tags: ['waiting'],
      on: { 'network.back': 'checking' },
    },
    /** Online in name only, or the server failed: the same action again shortly, still waiting. */
    retrying: {
      tags: ['waiting'],
      after: { retryDelay: 'checking' },
      on: { 'network.back': 'checking' },
    },
    /** The server refused the first action: its message, Try again or Remove; the rest wait. */
    refused: {
      on: {
        retry: { target: 'checking', actions: assign({ messages: [] }) },
        remove: {
          target: 'checking',
          actions: [
            { type: 'removed', params: ({ context }) => ({ action: context.items[0]! }) },
            'dropFirst',
            save,
          ],
        },
      },
    },
  },
});
