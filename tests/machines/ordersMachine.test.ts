import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { ordersMachine } from '../../src/machines/ordersMachine';
import { graphSuite } from './graph';

const order = (reference: string) => ({
  reference_number: reference,
  service_type: 'local_service' as const,
  status: 'ToInspect' as const,
  created_at: '2025-03-05T09:30:00.000Z',
});
const failure = new ApiError(['An error occurred. Please try again.']);

graphSuite('orders', {
  machine: ordersMachine,
  events: [
    {
      type: 'xstate.done.actor.loadOrders',
      output: { orders: [order('RL-ABCDEFGH23')], nextCursor: 'page-2' },
    },
    {
      type: 'xstate.done.actor.loadOrders',
      output: { orders: [order('RL-ABCDEFGH23')], nextCursor: null },
    },
    { type: 'xstate.done.actor.loadOrders', output: { orders: [], nextCursor: null } },
    { type: 'xstate.error.actor.loadOrders', error: failure },
    {
      type: 'xstate.done.actor.loadMoreOrders',
      output: { orders: [order('RL-ABCDEFGH24')], nextCursor: null },
    },
    { type: 'xstate.error.actor.loadMoreOrders', error: failure },
  ],
  // Pages append orders: the state is where it is, whether a next page exists, and whether it says why it failed.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      more: snapshot.context.nextCursor !== null,
      failed: snapshot.context.messages.length > 0,
    }),
  check: (actual) => {
    // The state says what the list holds: listed only with orders, empty only without.
    if (actual.matches('listed')) expect(actual.context.orders.length).toBeGreaterThan(0);
    if (actual.matches('empty')) expect(actual.context.orders).toEqual([]);
    // Show more is offered only while there is a next page; a failed page keeps the list and says why.
    if (actual.matches({ listed: 'idle' }))
      expect(actual.can({ type: 'more' })).toBe(actual.context.nextCursor !== null);
    if (actual.matches({ listed: 'moreFailed' }))
      expect(actual.context.messages).toEqual(['An error occurred. Please try again.']);
    if (actual.matches({ listed: 'loadingMore' })) expect(actual.hasTag('busy')).toBe(true);
  },
});
