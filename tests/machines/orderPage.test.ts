import { expect, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import {
  orderPageMachine,
  receiptPageMachine,
  staffOrderPageMachine,
} from '../../src/machines/orderPageMachine';
import { graphSuite } from '../support/graph/graph';

const reference = 'RL-ABCDEFGH23';
const offline = new ApiError(['An error occurred. Please try again.']);
const unknown = new ApiError(['No order was found with this reference.'], {}, 404);
const order = { reference_number: reference, status: 'ToInspect' };
const changed = { ...order, status: 'Cancelled' };
const notifyErrors = vi.fn();

/** The owner's page, the staff's page and a receipt's page load and show their record alike. */
for (const [name, machine] of [
  ['orderPage', orderPageMachine],
  ['staffOrderPage', staffOrderPageMachine],
  ['receiptPage', receiptPageMachine],
] as const)
  graphSuite(name, {
    machine,
    input: { reference },
    events: [
      { type: 'xstate.done.actor.loadOrder', output: order },
      { type: 'xstate.error.actor.loadOrder', error: unknown },
      { type: 'xstate.error.actor.loadOrder', error: offline },
      { type: 'xstate.done.actor.reloadOrder', output: changed },
      { type: 'xstate.error.actor.reloadOrder', error: offline },
    ],
    implementations: { actions: { notifyErrors } },
    // Loading, the record (kept on screen while it loads again), "not found", and a failure to retry.
    states: {
      loading: ['busy'],
      'showing.current': [],
      'showing.reloading': ['busy'],
      notFound: [],
      failed: [],
    },
    // Reload while the record shows; Try again after a failure; nothing on "not found".
    offers: {
      'showing.current': ['reload'],
      'showing.reloading': [],
      notFound: [],
      failed: ['retry'],
    },
    checkInput: (_id, input) => expect(input).toBe(reference),
    check: (actual, _expected, event, before) => {
      const { order: shown, messages } = actual.context;
      expect(actual.context.reference).toBe(reference);
      switch (event.type) {
        case 'xstate.done.actor.loadOrder':
          expect(actual.value).toEqual({ showing: 'current' });
          expect(shown).toEqual(order);
          expect(messages).toEqual([]);
          break;
        case 'xstate.error.actor.loadOrder': {
          const { error } = event as unknown as { error: ApiError };
          expect(actual.value).toBe(error.status === 404 ? 'notFound' : 'failed');
          expect(messages).toEqual(
            error.status === 404 ? before.context.messages : offline.messages,
          );
          expect(shown).toBeNull();
          break;
        }
        case 'reload':
          expect(actual.value).toEqual({ showing: 'reloading' });
          expect(shown).toEqual(before.context.order);
          notifyErrors.mockClear();
          break;
        case 'xstate.done.actor.reloadOrder':
          expect(actual.value).toEqual({ showing: 'current' });
          expect(shown).toEqual(changed);
          expect(messages).toEqual([]);
          break;
        case 'xstate.error.actor.reloadOrder':
          // The order stays on screen; the failure is a toast.
          expect(actual.value).toEqual({ showing: 'current' });
          expect(shown).toEqual(before.context.order);
          expect(messages).toEqual(offline.messages);
          expect(notifyErrors).toHaveBeenCalledExactlyOnceWith(expect.anything(), {
            messages: offline.messages,
          });
          break;
        case 'retry':
          expect(actual.value).toBe('loading');
          break;
      }
    },
  });
