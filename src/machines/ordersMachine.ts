/**
 * "My bookings" on /profile (beyond the spec): the customer's quotes and deliveries, newest
 * first, from GET users/orders (`loadOrders`, provided by the view). A failed load can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '../api/contract';
import { messagesOf } from '../api/errors';

export const ordersMachine = setup({
  types: {
    context: {} as { orders: Order[]; messages: string[] },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadOrders: fromPromise<Order[]>(async () => {
      throw new Error('loadOrders is provided by the view');
    }),
  },
  guards: {
    hasOrders: ({ context }) => context.orders.length > 0,
  },
}).createMachine({
  id: 'orders',
  context: { orders: [], messages: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: { target: 'loaded', actions: assign({ orders: ({ event }) => event.output, messages: [] }) },
        onError: { target: 'failed', actions: assign({ messages: ({ event }) => messagesOf(event.error) }) },
      },
    },
    loaded: {
      always: [{ guard: 'hasOrders', target: 'listed' }, { target: 'empty' }],
    },
    listed: {},
    empty: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
