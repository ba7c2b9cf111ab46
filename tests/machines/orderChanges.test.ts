import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CANCEL_REASON_MESSAGE } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { orderChangesMachine, type OrderChangesInput } from '../../src/machines/orderChangesMachine';
import { inDays } from '../api/helpers';
import { graphSuite } from './graph';

const delivery: OrderChangesInput = {
  reference: 'RL-ABCDEFGH23',
  kind: 'delivery',
  dates: { pickup_date: inDays(1), delivery_date: inDays(3) },
};
const quote: OrderChangesInput = { reference: 'RL-BCDEFGHJ34', kind: 'quote', dates: { date_of_inspection: '', moving_date: '' } };
const offline = new ApiError(['An error occurred. Please try again.']);
const notAnyMore = new ApiError(['Only an order To Inspect can be cancelled.'], {}, 409);

graphSuite('orderChanges', {
  machine: orderChangesMachine,
  inputs: [delivery, quote],
  events: [
    { type: 'reason.change', value: 'We found another mover' },
    { type: 'reason.change', value: '' },
    // A valid pair for each kind, and a pair that breaks the rules (delivery before pickup, moving before inspection).
    { type: 'date.change', name: 'delivery_date', value: inDays(5) },
    { type: 'date.change', name: 'delivery_date', value: inDays(-1) },
    { type: 'date.change', name: 'moving_date', value: inDays(9) },
    { type: 'xstate.done.actor.cancel', output: {} },
    { type: 'xstate.error.actor.cancel', error: notAnyMore },
    { type: 'xstate.done.actor.reschedule', output: {} },
    { type: 'xstate.error.actor.reschedule', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      reason: snapshot.context.reason !== '',
      dates: snapshot.context.dates,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: { notifyErrors: vi.fn(), notifySuccess: vi.fn(), changed: vi.fn() } },
});

describe('orderChanges', () => {
  it('asks for a reason before cancelling', () => {
    const notifyErrors = vi.fn();
    const actor = createActor(orderChangesMachine.provide({ actions: { notifyErrors: (_, params) => notifyErrors(params) } }), {
      input: delivery,
    }).start();
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toEqual({ cancelling: 'editing' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: [CANCEL_REASON_MESSAGE] });
    expect(notifyErrors).toHaveBeenCalledWith({ messages: [CANCEL_REASON_MESSAGE] });
  });

  it('keeps the booking rules: no delivery before pickup, and what was typed stays after Back', () => {
    const actor = createActor(orderChangesMachine, { input: delivery }).start();
    actor.send({ type: 'reschedule.start' });
    actor.send({ type: 'date.change', name: 'delivery_date', value: inDays(0) });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({ delivery_date: ['Delivery cannot be before pickup.'] });
    actor.send({ type: 'back' });
    actor.send({ type: 'reschedule.start' });
    expect(actor.getSnapshot().context.dates.delivery_date).toBe(inDays(0));
  });
});
