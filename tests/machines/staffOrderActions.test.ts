import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AMOUNT_RANGE_MESSAGE, PAID_ON_FUTURE_MESSAGE } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { Values } from '../../src/machines/formFields';
import {
  emptyForms,
  formSchemas,
  paymentForm,
  staffOrderActionsMachine,
  type Form,
} from '../../src/machines/staffOrderActionsMachine';
import { inDays } from '../support/api';
import { graphSuite, recordEffects } from '../support/graph/graph';

const recorded = recordEffects(['notifyErrors', 'notifySuccess', 'changed']);
/** The forms as the page first shows them, and again once one was sent: every field empty. */
const BLANK: Record<Form, Values> = {
  status: { status: '', note: '' },
  offer: { amount: '', note: '', valid_until: '' },
  payment: { amount: '', method: '', reference: '', paid_on: '' },
  refund: { refund_id: '', reference: '' },
};
const formOf: Record<string, Form> = {
  moveStatus: 'status',
  sendOffer: 'offer',
  recordPayment: 'payment',
  markRefunded: 'refund',
};
const offline = new ApiError(['An error occurred. Please try again.']);
const final = new ApiError(['This order is Delivered: nothing more can change.'], {}, 409);
const tooMuch = new ApiError(
  ['The amount is more than the ₦48,500.00 outstanding.'],
  { amount: ['The amount is more than the ₦48,500.00 outstanding.'] },
  422,
);
const tooOld = new ApiError(
  ['Pick today or a later date.'],
  { valid_until: ['Pick today or a later date.'] },
  422,
);

graphSuite('staffOrderActions', {
  machine: staffOrderActionsMachine,
  input: { reference: 'RL-ABCDEFGH23' },
  events: [
    { type: 'field.change', form: 'status', name: 'status', value: 'Shipped' },
    // Delivered with money outstanding is asked once: only shipping unpaid asks twice.
    { type: 'field.change', form: 'status', name: 'status', value: 'Delivered' },
    { type: 'status.submit', outstandingKobo: 0 },
    { type: 'status.submit', outstandingKobo: 4_850_000 },
    { type: 'field.change', form: 'payment', name: 'amount', value: '100,000' },
    { type: 'field.change', form: 'payment', name: 'method', value: 'cash' },
    { type: 'field.change', form: 'payment', name: 'reference', value: 'CASH-0042' },
    { type: 'field.change', form: 'payment', name: 'paid_on', value: inDays(0) },
    { type: 'field.change', form: 'refund', name: 'refund_id', value: '7' },
    { type: 'field.change', form: 'refund', name: 'reference', value: 'TRF-991' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '185,000' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '12' },
    { type: 'field.change', form: 'offer', name: 'valid_until', value: inDays(7) },
    {
      type: 'xstate.done.actor.moveStatus',
      output: 'Status set to Shipped; the customer was mailed.',
    },
    { type: 'xstate.error.actor.moveStatus', error: final },
    { type: 'xstate.error.actor.moveStatus', error: offline },
    { type: 'xstate.done.actor.sendOffer', output: 'Offer sent; the customer was mailed.' },
    { type: 'xstate.error.actor.sendOffer', error: offline },
    { type: 'xstate.error.actor.sendOffer', error: tooOld },
    { type: 'xstate.error.actor.sendOffer', error: final },
    {
      type: 'xstate.done.actor.recordPayment',
      output: 'Payment recorded: receipt RCT-2026-000001.',
    },
    { type: 'xstate.error.actor.recordPayment', error: tooMuch },
    { type: 'xstate.done.actor.markRefunded', output: 'Refund marked paid.' },
    { type: 'xstate.error.actor.markRefunded', error: offline },
    { type: 'xstate.error.actor.recordPayment', error: final },
    { type: 'xstate.error.actor.markRefunded', error: final },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      // Per form: which fields are filled, whether it would pass its check, whether it shows messages.
      forms: Object.entries(snapshot.context.forms as Record<Form, Values>).map(
        ([form, values]) => [
          Object.keys(values).filter((name) => values[name] !== ''),
          formSchemas[form as Form].safeParse(values).success,
          Object.keys(snapshot.context.errors[form as Form]).length > 0,
        ],
      ),
      status: snapshot.context.forms.status.status,
      outstanding: snapshot.context.outstandingKobo > 0,
      notice: snapshot.context.notice !== null,
    }),
  // Typing and submitting go to one form at a time, so the four forms' values do not multiply the graph.
  offered: (event, snapshot) => {
    const submitted = /^(status|offer|payment|refund)\.submit$/.exec(event.type)?.[1];
    if (event.type !== 'field.change' && !submitted) return true;
    const form = (submitted ?? (event as { form?: Form }).form) as Form;
    const { forms, errors } = snapshot.context as {
      forms: Record<Form, Values>;
      errors: Record<Form, object>;
    };
    const pristine = emptyForms();
    const untouched = (other: Form) =>
      JSON.stringify(forms[other]) === JSON.stringify(pristine[other]) &&
      Object.keys(errors[other]).length === 0;
    return (Object.keys(forms) as Form[]).every((other) => other === form || untouched(other));
  },
  simplePaths: false,
  implementations: { actions: recorded.actions },
  // The order page's four forms, each confirmed before it is sent (shipping unpaid asks twice).
  states: {
    idle: [],
    'status.confirming': [],
    'status.confirmingUnpaid': [],
    'status.sending': ['busy'],
    'offer.confirming': [],
    'offer.sending': ['busy'],
    'payment.confirming': [],
    'payment.sending': ['busy'],
    'refund.confirming': [],
    'refund.sending': ['busy'],
  },
  offers: {
    idle: ['field.change', 'status.submit', 'offer.submit', 'payment.submit', 'refund.submit'],
    'status.confirming': ['confirm', 'back'],
    'status.confirmingUnpaid': ['confirm', 'back'],
    'status.sending': [],
    'offer.confirming': ['confirm', 'back'],
    'offer.sending': [],
    'payment.confirming': ['confirm', 'back'],
    'payment.sending': [],
    'refund.confirming': ['confirm', 'back'],
    'refund.sending': [],
  },
  checkInput: (id, input, snapshot) => {
    const { reference, forms, outstandingKobo } = snapshot.context;
    const form = {
      moveStatus: 'status',
      sendOffer: 'offer',
      recordPayment: 'payment',
      markRefunded: 'refund',
    }[id] as Form;
    expect(input).toEqual(
      form === 'status'
        ? {
            reference,
            values: forms.status,
            confirmUnpaid: forms.status.status === 'Shipped' && outstandingKobo > 0,
          }
        : { reference, values: forms[form] },
    );
  },
  check: (actual, _expected, event) => {
    const effects = recorded.take();
    const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (answer) {
      // Every answer goes back to the page: a success says so and loads the order again; a
      // failure is a toast, and a 409 (the order moved meanwhile) loads the order again too.
      expect(actual.value).toBe('idle');
      const { output, error } = event as { output?: string; error?: ApiError };
      if (answer[1] === 'done') {
        expect(actual.context.notice).toBe(output);
        // The form sent is blank again, its messages gone.
        const form = formOf[answer[2]!]!;
        expect(actual.context.forms[form]).toEqual(BLANK[form]);
        expect(actual.context.errors[form]).toEqual({});
        expect(actual.context.messages).toEqual([]);
        expect(effects).toEqual([
          ['notifySuccess', { message: output }],
          ['changed', null],
        ]);
      } else
        expect(effects).toEqual([
          ['notifyErrors', { messages: error!.messages }],
          ...(error!.status === 409 ? [['changed', null]] : []),
        ]);
    }
    // Nothing is sent that breaks the rules: confirming means the form passed its check.
    if (actual.matches({ offer: 'confirming' })) expect(actual.context.errors.offer).toEqual({});
    if (actual.matches({ payment: 'confirming' }))
      expect(actual.context.errors.payment).toEqual({});
    // The second question comes only for shipping with money outstanding.
    if (actual.matches({ status: 'confirmingUnpaid' })) {
      expect(actual.context.forms.status.status).toBe('Shipped');
      expect(actual.context.outstandingKobo).toBeGreaterThan(0);
    }
  },
});

it('starts with the four forms blank, no messages and nothing outstanding', () => {
  const actor = createActor(staffOrderActionsMachine, {
    input: { reference: 'RL-ABCDEFGH23' },
  }).start();
  expect(actor.getSnapshot().context).toEqual({
    reference: 'RL-ABCDEFGH23',
    forms: BLANK,
    errors: { status: {}, offer: {}, payment: {}, refund: {} },
    notice: null,
    outstandingKobo: 0,
    messages: [],
  });
});

describe('staffOrderActions', () => {
  it('asks a second time before shipping an order with money outstanding, and then says so to the server', async () => {
    const moved = vi.fn(
      async (_input: { reference: string; values: Values; confirmUnpaid: boolean }) =>
        'Status set to Shipped.',
    );
    const run = (outstandingKobo: number) => {
      const actor = createActor(
        staffOrderActionsMachine.provide({
          actors: { moveStatus: fromPromise(({ input }) => moved(input)) },
        }),
        {
          input: { reference: 'RL-ABCDEFGH23' },
        },
      ).start();
      actor.send({ type: 'field.change', form: 'status', name: 'status', value: 'Shipped' });
      actor.send({ type: 'status.submit', outstandingKobo });
      actor.send({ type: 'confirm' });
      return actor;
    };
    const unpaid = run(4_850_000);
    expect(unpaid.getSnapshot().value).toEqual({ status: 'confirmingUnpaid' });
    expect(moved).not.toHaveBeenCalled();
    unpaid.send({ type: 'confirm' });
    await waitFor(unpaid, (s) => s.matches('idle'));
    expect(moved).toHaveBeenLastCalledWith({
      reference: 'RL-ABCDEFGH23',
      values: { status: 'Shipped', note: '' },
      confirmUnpaid: true,
    });

    const paid = run(0);
    await waitFor(paid, (s) => s.matches('idle'));
    expect(moved).toHaveBeenLastCalledWith({
      reference: 'RL-ABCDEFGH23',
      values: { status: 'Shipped', note: '' },
      confirmUnpaid: false,
    });
  });

  it('checks an office payment (naira, method, reference, a day not in the future) before asking to confirm', async () => {
    const recorded = vi.fn(
      async (_input: { reference: string; values: Values }) => 'Payment recorded.',
    );
    const actor = createActor(
      staffOrderActionsMachine.provide({
        actors: { recordPayment: fromPromise(({ input }) => recorded(input)) },
      }),
      {
        input: { reference: 'RL-ABCDEFGH23' },
      },
    ).start();
    const type = (name: string, value: string) =>
      actor.send({ type: 'field.change', form: 'payment', name, value });
    type('paid_on', inDays(1));
    actor.send({ type: 'payment.submit' });
    expect(Object.keys(actor.getSnapshot().context.errors.payment).sort()).toEqual([
      'amount',
      'method',
      'paid_on',
      'reference',
    ]);
    expect(actor.getSnapshot().context.errors.payment.paid_on).toEqual([PAID_ON_FUTURE_MESSAGE]);
    type('amount', '₦100,000.50');
    type('method', 'cash');
    type('reference', 'CASH-0042');
    type('paid_on', inDays(0));
    actor.send({ type: 'payment.submit' });
    expect(actor.getSnapshot().value).toEqual({ payment: 'confirming' });
    expect(paymentForm.parse(actor.getSnapshot().context.forms.payment).amount).toBe(10_000_050);
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(recorded).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.forms.payment).toEqual({
      amount: '',
      method: '',
      reference: '',
      paid_on: '',
    });
  });

  it('checks the amount in naira before asking to confirm, and keeps what was typed when the call fails', async () => {
    const sent = vi.fn();
    const notifyErrors = vi.fn();
    const actor = createActor(
      staffOrderActionsMachine.provide({
        actors: {
          sendOffer: fromPromise(async ({ input }) => {
            sent(input);
            throw offline;
          }),
        },
        actions: { notifyErrors: (_, params) => notifyErrors(params) },
      }),
      { input: { reference: 'RL-ABCDEFGH23' } },
    ).start();
    const type = (name: string, value: string) =>
      actor.send({ type: 'field.change', form: 'offer', name, value });
    type('amount', '50');
    type('valid_until', inDays(7));
    actor.send({ type: 'offer.submit' });
    expect(actor.getSnapshot().context.errors.offer).toEqual({ amount: [AMOUNT_RANGE_MESSAGE] });
    type('amount', '₦185,000.50');
    type('note', 'Two vans, four packers');
    actor.send({ type: 'offer.submit' });
    expect(actor.getSnapshot().value).toEqual({ offer: 'confirming' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toHaveBeenCalledWith({
      reference: 'RL-ABCDEFGH23',
      values: { amount: '₦185,000.50', note: 'Two vans, four packers', valid_until: inDays(7) },
    });
    expect(actor.getSnapshot().context.forms.offer.amount).toBe('₦185,000.50');
    expect(notifyErrors).toHaveBeenLastCalledWith({ messages: offline.messages });
  });

  it('loads the order again when the server says it changed meanwhile (409), so staff decide on it as it is now', async () => {
    const changed = vi.fn();
    const actor = createActor(
      staffOrderActionsMachine.provide({
        actors: {
          moveStatus: fromPromise<
            string,
            { reference: string; values: Values; confirmUnpaid: boolean }
          >(async () => {
            throw new ApiError(
              [
                'The customer accepted ₦185,000.00 for this order: confirm that you cancel it anyway.',
              ],
              {},
              409,
            );
          }),
        },
        actions: { changed },
      }),
      { input: { reference: 'RL-ABCDEFGH23' } },
    ).start();
    actor.send({ type: 'field.change', form: 'status', name: 'status', value: 'Cancelled' });
    actor.send({ type: 'status.submit', outstandingKobo: 0 });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.forms.status.status).toBe('Cancelled');
  });
});
