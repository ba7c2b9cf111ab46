/**
 * "My bookings" on /profile (beyond the spec): the customer's quotes and deliveries, newest
 * first, a page at a time from GET users/orders (`loadOrders`, provided by the view, takes the
 * cursor of the page to load). **Show more** (`more`) appends the next page while there is one;
 * a failed load keeps what is listed, says why, and can be retried.
 *
 * Offline (issue 38): the list as last seen. Every list loaded is handed to `remember` (the view
 * keeps it for the signed-in session only, src/api/storage.ts); when the first load gets no
 * answer and the page was given that list (`lastSeen`), it shows it, marked with when it was
 * fetched (`asOf`), and Try again loads it afresh.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { Order } from '../api/contract/orders';
import { messagesOf } from '../api/errors';
import { wasUnanswered } from './unanswered';

export interface OrdersPage {
  orders: Order[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/** The list as the phone last saw it, and when it was fetched (milliseconds since 1970). */
export interface LastSeenOrders {
  orders: Order[];
  fetchedAt: number;
}

interface OrdersContext {
  orders: Order[];
  nextCursor: string | null;
  messages: string[];
  lastSeen: LastSeenOrders | null;
  /** When the list shown offline was fetched; null while it is current. */
  asOf: number | null;
}

/** After a load: the whole list, for the view to keep. */
const remember = {
  type: 'remember' as const,
  params: ({ context }: { context: OrdersContext }) => ({ orders: context.orders }),
};

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    input: {} as { lastSeen: LastSeenOrders | null },
    events: {} as { type: 'retry' } | { type: 'more' },
    tags: {} as 'busy',
  },
  actors: {
    loadOrders: providedByView<OrdersPage, { cursor: string | null }>('loadOrders'),
  },
  actions: {
    remember: (_, _params: { orders: Order[] }) => {},
  },
  guards: {
    hasOrders: ({ context }) => context.orders.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
    /** No answer, and the list was seen before: show it, marked offline. */
    canShowLastSeen: ({ context, event }) =>
      context.lastSeen !== null && wasUnanswered((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({
    orders: [],
    nextCursor: null,
    messages: [],
    lastSeen: input.lastSeen,
    asOf: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: { cursor: null },
        onDone: {
          target: 'loaded',
          actions: [
            assign({
              orders: ({ event }) => event.output.orders,
              nextCursor: ({ event }) => event.output.nextCursor,
              messages: [],
              asOf: null,
            }),
            remember,
          ],
        },
        onError: [
          {
            guard: 'canShowLastSeen',
            target: 'offline',
            actions: assign(({ context }) => ({
              orders: context.lastSeen!.orders,
              asOf: context.lastSeen!.fetchedAt,
            })),
          },
          {
            target: 'failed',
            actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
          },
        ],
      },
    },
    /** No network: the list as last seen, "Offline — as of 14:05", and Try again. */
    offline: {
      on: { retry: 'loading' },
      exit: assign({ asOf: null }),
    },
    loaded: {
      always: [{ guard: 'hasOrders', target: 'listed' }, { target: 'empty' }],
    },
    listed: {
      initial: 'idle',
      states: {
        idle: {
          on: { more: { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'loadMoreOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  orders: ({ context, event }) => [...context.orders, ...event.output.orders],
                  nextCursor: ({ event }) => event.output.nextCursor,
                  messages: [],
                }),
                remember,
              ],
            },
            onError: {
              target: 'moreFailed',
              actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
            },
          },
        },
        moreFailed: {
          on: { retry: 'loadingMore' },
        },
      },
    },
    empty: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
