import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AMOUNT_RANGE_MESSAGE } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import type { Values } from '../../src/machines/formFields';
import { staffOrderActionsMachine } from '../../src/machines/staffOrderActionsMachine';
import { inDays } from '../api/helpers';
import { graphSuite } from './graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const final = new ApiError(['This order is Delivered: nothing more can change.'], {}, 409);
const tooOld = new ApiError(['Pick today or a later date.'], { valid_until: ['Pick today or a later date.'] }, 422);

graphSuite('staffOrderActions', {
  machine: staffOrderActionsMachine,
  input: { reference: 'RL-ABCDEFGH23' },
  events: [
    { type: 'field.change', form: 'status', name: 'status', value: 'Shipped' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '185,000' },
    { type: 'field.change', form: 'offer', name: 'amount', value: '12' },
    { type: 'field.change', form: 'offer', name: 'valid_until', value: inDays(7) },
    { type: 'xstate.done.actor.moveStatus', output: 'Status set to Shipped; the customer was mailed.' },
    { type: 'xstate.error.actor.moveStatus', error: final },
    { type: 'xstate.error.actor.moveStatus', error: offline },
    { type: 'xstate.done.actor.sendOffer', output: 'Offer sent; the customer was mailed.' },
    { type: 'xstate.error.actor.sendOffer', error: offline },
    { type: 'xstate.error.actor.sendOffer', error: tooOld },
    { type: 'xstate.error.actor.sendOffer', error: final },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      forms: snapshot.context.forms,
      errors: snapshot.context.errors,
      notice: snapshot.context.notice !== null,
    }),
  simplePaths: false,
  implementations: { actions: { notifyErrors: vi.fn(), notifySuccess: vi.fn(), changed: vi.fn() } },
  check: (actual) => {
    // Nothing is sent that breaks the rules: confirming means the form passed its check.
    if (actual.matches({ offer: 'confirming' })) expect(actual.context.errors.offer).toEqual({});
  },
});

describe('staffOrderActions', () => {
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
    const type = (name: string, value: string) => actor.send({ type: 'field.change', form: 'offer', name, value });
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
          moveStatus: fromPromise<string, { reference: string; values: Values }>(async () => {
            throw new ApiError(['The customer accepted ₦185,000.00 for this order: confirm that you cancel it anyway.'], {}, 409);
          }),
        },
        actions: { changed },
      }),
      { input: { reference: 'RL-ABCDEFGH23' } },
    ).start();
    actor.send({ type: 'field.change', form: 'status', name: 'status', value: 'Cancelled' });
    actor.send({ type: 'status.submit' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.forms.status.status).toBe('Cancelled');
  });
});
