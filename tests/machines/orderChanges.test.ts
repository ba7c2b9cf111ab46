import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CANCEL_REASON_MESSAGE } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  orderChangesMachine,
  type OrderChangesInput,
} from '../../src/machines/orderChangesMachine';
import { inDays } from '../support/api';
import { graphSuite, recordEffects, statePath } from '../support/graph/graph';

const delivery: OrderChangesInput = {
  reference: 'RL-ABCDEFGH23',
  kind: 'delivery',
  dates: { pickup_date: inDays(1), delivery_date: inDays(3) },
  cancellation: null,
};
const quote: OrderChangesInput = {
  reference: 'RL-BCDEFGHJ34',
  kind: 'quote',
  dates: { date_of_inspection: '', moving_date: '' },
  cancellation: null,
};
/** Paid ₦485,000.00, cancelled within 3 days of the move: 10 % kept. */
const paidQuote: OrderChangesInput = {
  ...quote,
  cancellation: { fee_kobo: 4_850_000, refund_kobo: 43_650_000 },
};
const recorded = recordEffects(['notifyErrors', 'notifySuccess', 'changed']);
const offline = new ApiError(['An error occurred. Please try again.']);
const notAnyMore = new ApiError(['Only an order To Inspect can be cancelled.'], {}, 409);
/** The customer accepted a price in another tab: the 409 carries the order as it is now. */
const ACCEPTED_MEANWHILE =
  'You accepted ₦485,000.00 for this order meanwhile: check the fee and refund before you cancel.';
const acceptedMeanwhile = new ApiError([ACCEPTED_MEANWHILE], {}, 409, {
  message: ACCEPTED_MEANWHILE,
  order: {
    status: 'ToInspect',
    offer: { id: 77, state: 'accepted', correction: null },
    cancellation: { fee_kobo: 4_850_000, refund_kobo: 43_650_000 },
  },
});

graphSuite('orderChanges', {
  machine: orderChangesMachine,
  inputs: [delivery, quote, paidQuote],
  events: [
    { type: 'reason.change', value: 'We found another mover' },
    { type: 'reason.change', value: '' },
    { type: 'reason.change', value: '  Moving later ' },
    // A valid pair for each kind, and a pair that breaks the rules (delivery before pickup, moving before inspection).
    { type: 'date.change', name: 'delivery_date', value: inDays(5) },
    { type: 'date.change', name: 'delivery_date', value: inDays(-1) },
    { type: 'date.change', name: 'moving_date', value: inDays(9) },
    { type: 'xstate.done.actor.cancel', output: {} },
    { type: 'xstate.error.actor.cancel', error: notAnyMore },
    { type: 'xstate.error.actor.cancel', error: acceptedMeanwhile },
    { type: 'xstate.done.actor.reschedule', output: {} },
    { type: 'xstate.error.actor.reschedule', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      reason: snapshot.context.reason !== '',
      paid: snapshot.context.cancellation !== null,
      dates: snapshot.context.dates,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: recorded.actions },
  // The order's buttons, the cancel form (and its second question when money is involved), the dates form, each sending, cancelled.
  states: {
    idle: [],
    'cancelling.editing': [],
    'cancelling.reviewing': [],
    'cancelling.sending': ['busy'],
    'rescheduling.editing': [],
    'rescheduling.sending': ['busy'],
    cancelled: [],
  },
  offers: {
    idle: ['cancel.start', 'reschedule.start'],
    'cancelling.editing': ['reason.change', 'confirm', 'back'],
    'cancelling.reviewing': ['confirm', 'back'],
    'cancelling.sending': [],
    'rescheduling.editing': ['date.change', 'confirm', 'back'],
    'rescheduling.sending': [],
    cancelled: [],
  },
  checkInput: (id, input, snapshot) => {
    const { reference, reason, dates } = snapshot.context;
    expect(input).toEqual(
      id === 'cancel'
        ? { reference, reason: reason.trim(), offerId: snapshot.context.offerId }
        : { reference, dates },
    );
  },
  check: (actual, _expected, event, before) => {
    const effects = recorded.take();
    const was = before.context;
    const state = statePath(actual.value);
    switch (event.type) {
      case 'reason.change':
        expect(actual.context.reason).toBe((event as unknown as { value: string }).value);
        expect(actual.context.errors).toEqual({});
        break;
      case 'confirm':
        if (before.matches({ cancelling: 'editing' })) {
          if (was.reason.trim() === '') {
            expect(state).toBe('cancelling.editing');
            expect(actual.context.errors.reason).toEqual([CANCEL_REASON_MESSAGE]);
            expect(effects).toEqual([['notifyErrors', { messages: actual.context.messages }]]);
          } else {
            // A paid order asks once more, showing the fee and the refund.
            expect(state).toBe(was.cancellation ? 'cancelling.reviewing' : 'cancelling.sending');
          }
        }
        if (before.matches({ cancelling: 'reviewing' })) expect(state).toBe('cancelling.sending');
        break;
      case 'back':
        expect(state).toBe(
          before.matches({ cancelling: 'reviewing' }) ? 'cancelling.editing' : 'idle',
        );
        if (state === 'idle') expect(actual.context.errors).toEqual({});
        break;
      case 'xstate.done.actor.cancel':
        expect(state).toBe('cancelled');
        expect(effects).toEqual([
          ['notifySuccess', { message: 'Your order is cancelled.' }],
          ['changed', null],
        ]);
        break;
      case 'xstate.done.actor.reschedule':
        expect(state).toBe('idle');
        expect(effects).toEqual([
          ['notifySuccess', { message: 'Your dates are changed.' }],
          ['changed', null],
        ]);
        break;
      case 'xstate.error.actor.cancel':
      case 'xstate.error.actor.reschedule': {
        const { error } = event as unknown as { error: ApiError };
        if (error === acceptedMeanwhile) {
          // The price accepted meanwhile: its fee and refund, the reason why, and the page reloads.
          expect(state).toBe('cancelling.editing');
          expect(actual.context).toMatchObject({
            offerId: 77,
            cancellation: { fee_kobo: 4_850_000, refund_kobo: 43_650_000 },
            notice: ACCEPTED_MEANWHILE,
            messages: [ACCEPTED_MEANWHILE],
          });
          expect(effects).toEqual([
            ['notifyErrors', { messages: [ACCEPTED_MEANWHILE] }],
            ['changed', null],
          ]);
          break;
        }
        expect(state).toBe(
          event.type === 'xstate.error.actor.cancel'
            ? 'cancelling.editing'
            : 'rescheduling.editing',
        );
        expect(actual.context.messages).toEqual(error.messages);
        expect(effects).toEqual([['notifyErrors', { messages: error.messages }]]);
        break;
      }
    }
  },
});

describe('orderChanges', () => {
  it("shows a paid order's fee and refund and asks again before cancelling; an unpaid one cancels at once", async () => {
    const cancel = vi.fn(async (_input: { reference: string; reason: string }) => ({}));
    const run = (input: OrderChangesInput) => {
      const actor = createActor(
        orderChangesMachine.provide({
          actors: { cancel: fromPromise(({ input }) => cancel(input)) },
        }),
        { input },
      ).start();
      actor.send({ type: 'cancel.start' });
      actor.send({ type: 'reason.change', value: 'Moving later' });
      actor.send({ type: 'confirm' });
      return actor;
    };
    const paid = run(paidQuote);
    expect(paid.getSnapshot().value).toEqual({ cancelling: 'reviewing' });
    expect(paid.getSnapshot().context.cancellation).toEqual({
      fee_kobo: 4_850_000,
      refund_kobo: 43_650_000,
    });
    expect(cancel).not.toHaveBeenCalled();
    paid.send({ type: 'back' });
    expect(paid.getSnapshot().value).toEqual({ cancelling: 'editing' });
    expect(paid.getSnapshot().context.reason).toBe('Moving later');
    paid.send({ type: 'confirm' });
    paid.send({ type: 'confirm' });
    await waitFor(paid, (s) => s.matches('cancelled'));
    expect(cancel).toHaveBeenCalledTimes(1);

    const unpaid = run(quote);
    await waitFor(unpaid, (s) => s.matches('cancelled'));
    expect(cancel).toHaveBeenCalledTimes(2);
  });

  it('asks for a reason before cancelling', () => {
    const notifyErrors = vi.fn();
    const actor = createActor(
      orderChangesMachine.provide({
        actions: { notifyErrors: (_, params) => notifyErrors(params) },
      }),
      {
        input: delivery,
      },
    ).start();
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
    expect(actor.getSnapshot().context.errors).toEqual({
      delivery_date: ['Delivery cannot be before pickup.'],
    });
    actor.send({ type: 'back' });
    actor.send({ type: 'reschedule.start' });
    expect(actor.getSnapshot().context.dates.delivery_date).toBe(inDays(0));
  });
});
