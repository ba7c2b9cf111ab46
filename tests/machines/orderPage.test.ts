import { vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { orderPageMachine } from '../../src/machines/orderPageMachine';
import { graphSuite } from './graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const unknown = new ApiError(['No order was found with this reference.'], {}, 404);
const order = { reference_number: 'RL-ABCDEFGH23', status: 'ToInspect' };

graphSuite('orderPage', {
  machine: orderPageMachine,
  input: { reference: 'RL-ABCDEFGH23' },
  events: [
    { type: 'xstate.done.actor.loadOrder', output: order },
    { type: 'xstate.error.actor.loadOrder', error: unknown },
    { type: 'xstate.error.actor.loadOrder', error: offline },
    { type: 'xstate.done.actor.reloadOrder', output: { ...order, status: 'Cancelled' } },
    { type: 'xstate.error.actor.reloadOrder', error: offline },
  ],
  implementations: { actions: { notifyErrors: vi.fn() } },
});
