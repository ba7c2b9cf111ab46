import { expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { OrdersPage } from '../../src/machines/ordersMachine';
import { ApiError } from '../../src/api/errors';
import type { Order } from '../../src/api/contract/orders';
import { ordersMachine } from '../../src/machines/ordersMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const order = (reference: string) => ({
  reference_number: reference,
  service_type: 'local_service' as const,
  status: 'ToInspect' as const,
  created_at: '2025-03-05T09:30:00.000Z',
});
const failure = new ApiError(['An error occurred. Please try again.']);
const serverError = new ApiError(['Server error.'], {}, 500);
/** The list as this phone last saw it (My bookings offline). */
const lastSeen = {
  orders: [order('RL-SEENBEFORE2')] as unknown as Order[],
  fetchedAt: Date.UTC(2026, 10, 27, 13, 5),
};
const effects = recordEffects(['remember']);

graphSuite('orders', {
  machine: ordersMachine,
  // Never seen before, or seen before on this phone.
  inputs: [{ lastSeen: null }, { lastSeen }],
  implementations: { actions: effects.actions },
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
    // An answer that is a failure: no list as last seen, whatever was seen before.
    { type: 'xstate.error.actor.loadOrders', error: serverError },
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
      lastSeen: snapshot.context.lastSeen !== null,
    }),
  // The list (with Show more while loading the next page, or its failure), the empty list, the first load's failure.
  states: {
    loading: ['busy'],
    'listed.idle': [],
    'listed.loadingMore': ['busy'],
    'listed.moreFailed': [],
    empty: [],
    failed: [],
    offline: [],
  },
  // Show more while listed, Try again after a failure.
  offers: {
    'listed.idle': ['more'],
    'listed.moreFailed': ['retry'],
    empty: [],
    failed: ['retry'],
    offline: ['retry'],
  },
  checkInput: (id, input, snapshot) =>
    expect(input).toEqual({ cursor: id === 'loadOrders' ? null : snapshot.context.nextCursor }),
  check: (actual, _expected, event, before) => {
    // Every list loaded is handed to the view to keep, whole; nothing else is.
    const kept = effects.take();
    if (event.type.startsWith('xstate.done.actor.'))
      expect(kept).toEqual([['remember', { orders: actual.context.orders }]]);
    else expect(kept).toEqual([]);
    // The list is marked offline exactly while it is the one last seen.
    expect(actual.context.asOf).toBe(actual.matches('offline') ? lastSeen.fetchedAt : null);
    // The state says what the list holds: listed only with orders, empty only without.
    if (actual.matches('listed')) expect(actual.context.orders.length).toBeGreaterThan(0);
    if (actual.matches('empty')) expect(actual.context.orders).toEqual([]);
    // Show more is offered only while there is a next page; a failed page keeps the list and says why.
    if (actual.matches({ listed: 'idle' }))
      expect(actual.can({ type: 'more' })).toBe(actual.context.nextCursor !== null);
    const { orders, nextCursor, messages } = actual.context;
    const output = (event as EventObject & { output?: OrdersPage }).output;
    switch (event.type) {
      case 'xstate.done.actor.loadOrders':
        expect(orders).toEqual(output!.orders);
        expect(nextCursor).toBe(output!.nextCursor);
        expect(messages).toEqual([]);
        break;
      case 'xstate.done.actor.loadMoreOrders':
        // The next page is appended after what is listed.
        expect(orders).toEqual([...before.context.orders, ...output!.orders]);
        expect(nextCursor).toBe(output!.nextCursor);
        expect(messages).toEqual([]);
        expect(actual.value).toEqual({ listed: 'idle' });
        break;
      case 'xstate.error.actor.loadOrders': {
        const error = (event as EventObject & { error: ApiError }).error;
        // No answer (offline) shows the list as last seen, when there is one.
        if (before.context.lastSeen && error.status === null) {
          expect(actual.value).toBe('offline');
          expect(orders).toEqual(lastSeen.orders);
        } else {
          expect(actual.value).toBe('failed');
          expect(messages).toEqual(error.messages);
        }
        break;
      }
      case 'xstate.error.actor.loadMoreOrders':
        expect(actual.value).toEqual({ listed: 'moreFailed' });
        expect(orders).toEqual(before.context.orders);
        expect(nextCursor).toBe(before.context.nextCursor);
        expect(messages).toEqual(failure.messages);
        break;
      case 'more':
      case 'retry':
        // Show more does nothing on the last page.
        expect(actual.hasTag('busy')).toBe(
          event.type === 'retry' || before.context.nextCursor !== null,
        );
        expect(orders).toEqual(before.context.orders);
        break;
    }
  },
});

it('starts with nothing listed', () => {
  expect(createActor(ordersMachine, { input: { lastSeen } }).getSnapshot().context).toEqual({
    orders: [],
    nextCursor: null,
    messages: [],
    lastSeen,
    asOf: null,
  });
});
