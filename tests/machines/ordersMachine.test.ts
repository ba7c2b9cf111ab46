import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { ordersMachine } from '../../src/machines/ordersMachine';
import { graphSuite } from './graph';

const order = {
  reference_number: 'RL-ABCDEFGH23',
  service_type: 'local_service' as const,
  status: 'ToInspect' as const,
  created_at: '2025-03-05T09:30:00.000Z',
};

graphSuite('orders', {
  machine: ordersMachine,
  events: [
    { type: 'xstate.done.actor.loadOrders', output: [order] },
    { type: 'xstate.done.actor.loadOrders', output: [] },
    { type: 'xstate.error.actor.loadOrders', error: new ApiError(['An error occurred. Please try again.']) },
  ],
  check: (actual) => {
    // The state says what the list holds: listed only with orders, empty only without.
    if (actual.matches('listed')) expect(actual.context.orders.length).toBeGreaterThan(0);
    if (actual.matches('empty')) expect(actual.context.orders).toEqual([]);
  },
});
