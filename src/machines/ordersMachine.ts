/**
 * "My bookings" on /profile (beyond the spec): the customer's quotes and deliveries, newest
 * first, a page at a time from GET users/orders (`loadOrders`, provided by the view, takes the
 * cursor of the page to load). **Show more** (`more`) appends the next page while there is one;
 * a failed load keeps what is listed, says why, and can be retried.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { Order } from '../api/contract/orders';
import { messagesOf } from '../api/errors';

export interface OrdersPage {
  orders: Order[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

export const ordersMachine = setup({
  types: {
    context: {} as { orders: Order[]; nextCursor: string | null; messages: string[] },
    events: {} as { type: 'retry' } | { type: 'more' },
    tags: {} as 'busy',
  },
  actors: {
    loadOrders: providedByView<OrdersPage, { cursor: string | null }>('loadOrders'),
  },
  guards: {
    hasOrders: ({ context }) => context.orders.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'orders',
  context: { orders: [], nextCursor: null, messages: [] },
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
          actions: assign({
            orders: ({ event }) => event.output.orders,
            nextCursor: ({ event }) => event.output.nextCursor,
            messages: [],
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
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
              actions: assign({
                orders: ({ context, event }) => [...context.orders, ...event.output.orders],
                nextCursor: ({ event }) => event.output.nextCursor,
                messages: [],
              }),
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
