import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { DECLINE_REASON_MESSAGE, type Offer, type OfferConflictBody } from '../../src/api/contract';
import { offerDecisionMachine, type OfferDecisionInput } from '../../src/machines/offerDecisionMachine';
import { graphSuite } from './graph';

const shown: Offer = {
  id: 7, amount_kobo: 10_000_000, note: 'Two vans', valid_until: '2030-01-31', state: 'open', created_at: '2030-01-01T09:00:00.000Z', decided_at: null, decline_reason: null,
};
const newPrice: Offer = { ...shown, id: 8, amount_kobo: 900_000_000, note: null, created_at: '2030-01-02T09:00:00.000Z' };
const open: OfferDecisionInput = { reference: 'RL-ABCDEFGH23', offer: shown };
const offline = new ApiError(['An error occurred. Please try again.']);
/** A 409 that is not about a new price (already answered, expired): the page loads the order again. */
const stale = new ApiError(['You already accepted this price.'], {}, 409);
/** The 409 of an answer whose offer staff replaced: the order as it is now, with the new price. */
const changedMessage = 'The price has changed to ₦9,000,000.00. Check it before you accept.';
const conflictBody = (offer: Offer, status: 'ToInspect' | 'Cancelled' = 'ToInspect'): OfferConflictBody => ({
  message: changedMessage,
  order: {
    reference_number: open.reference, service_type: 'scheduled_delivery', status, created_at: shown.created_at, offer, updated_at: shown.created_at,
    details: { kind: 'delivery', pickup_address: 'Lekki', sender_fullname: 'Ada', sender_phone: '08031234567', pickup_date: null, description: 'Box', receivers: [] },
    history: [], payment: null, receipts: [], refunds: [], cancellation: null,
  },
});
const replaced = new ApiError([changedMessage], {}, 409, conflictBody(newPrice));
/** Replaced, but the order was cancelled too: nothing to answer, the page loads it again. */
const replacedAndCancelled = new ApiError(['This order is Cancelled: its offer can no longer be answered.'], {}, 409, conflictBody(newPrice, 'Cancelled'));
const refused = new ApiError(['Please tell us why you are declining.'], { reason: ['Please tell us why you are declining.'] }, 422);

graphSuite('offerDecision', {
  machine: offerDecisionMachine,
  inputs: [
    open,
    { ...open, offer: { ...shown, state: 'accepted' } },
    { ...open, offer: { ...shown, state: 'declined' } },
    { ...open, offer: { ...shown, state: 'expired' } },
  ],
  events: [
    { type: 'reason.change', value: 'Too expensive for us' },
    { type: 'reason.change', value: '   ' },
    { type: 'xstate.done.actor.accept', output: {} },
    { type: 'xstate.error.actor.accept', error: offline },
    { type: 'xstate.error.actor.accept', error: stale },
    { type: 'xstate.error.actor.accept', error: replaced },
    { type: 'xstate.error.actor.accept', error: replacedAndCancelled },
    { type: 'xstate.done.actor.decline', output: {} },
    { type: 'xstate.error.actor.decline', error: offline },
    { type: 'xstate.error.actor.decline', error: stale },
    { type: 'xstate.error.actor.decline', error: replaced },
    { type: 'xstate.error.actor.decline', error: refused },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      offer: snapshot.context.offer.id,
      reason: snapshot.context.reason.trim() !== '',
      errors: Object.keys(snapshot.context.errors),
      failed: snapshot.context.messages.length > 0,
    }),
  implementations: { actions: { notifyErrors: vi.fn(), notifySuccess: vi.fn(), changed: vi.fn() } },
  check: (actual) => {
    // A decline is only sent with a reason.
    if (actual.matches({ declining: 'sending' })) expect(actual.context.reason.trim()).not.toBe('');
    // The notice of a changed price always shows the new price, never the one first shown.
    if (actual.hasTag('changed')) expect(actual.context.offer).toEqual(newPrice);
  },
});

describe('offerDecision', () => {
  function start(input: OfferDecisionInput, decline: () => Promise<unknown>, accept: () => Promise<unknown> = async () => null) {
    const spies = { notifyErrors: vi.fn(), changed: vi.fn(), declined: vi.fn(), accepted: vi.fn() };
    const actor = createActor(
      offerDecisionMachine.provide({
        actors: {
          decline: fromPromise(async ({ input: sent }) => {
            spies.declined(sent);
            return decline() as never;
          }),
          accept: fromPromise(async ({ input: sent }) => {
            spies.accepted(sent);
            return accept() as never;
          }),
        },
        actions: { notifyErrors: (_, params) => spies.notifyErrors(params), changed: spies.changed },
      }),
      { input },
    ).start();
    return { actor, ...spies };
  }

  it('asks for a reason before declining, and keeps it when the call fails', async () => {
    const { actor, notifyErrors, declined } = start(open, async () => {
      throw offline;
    });
    actor.send({ type: 'decline' });
    actor.send({ type: 'decline.confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: [DECLINE_REASON_MESSAGE] });
    expect(notifyErrors).toHaveBeenCalledWith({ messages: [DECLINE_REASON_MESSAGE] });
    actor.send({ type: 'reason.change', value: ' Found a cheaper mover ' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => s.matches({ declining: 'asking' }) && s.context.messages.length > 0);
    expect(declined).toHaveBeenCalledWith({ reference: open.reference, offerId: shown.id, reason: 'Found a cheaper mover' });
    expect(actor.getSnapshot().context.reason).toBe(' Found a cheaper mover ');
  });

  it('asks the page to reload when the offer was answered or expired meanwhile', async () => {
    const { actor, changed } = start(open, async () => {
      throw stale;
    });
    actor.send({ type: 'decline' });
    actor.send({ type: 'reason.change', value: 'No' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('shows the new price when staff replaced the one shown, and accepts only the one it then names', async () => {
    let answers = 0;
    const { actor, accepted, notifyErrors, changed } = start(open, async () => null, async () => {
      answers += 1;
      if (answers === 1) throw replaced;
      return { ...conflictBody({ ...newPrice, state: 'accepted' }).order };
    });
    actor.send({ type: 'accept' });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(actor.getSnapshot().context.offer).toEqual(newPrice);
    expect(notifyErrors).toHaveBeenCalledWith({ messages: [changedMessage] });
    // The page keeps what it shows: the panel shows the new price, nothing is reloaded over it.
    expect(changed).not.toHaveBeenCalled();
    actor.send({ type: 'accept' });
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(accepted.mock.calls).toEqual([[{ reference: open.reference, offerId: shown.id }], [{ reference: open.reference, offerId: newPrice.id }]]);
    expect(actor.getSnapshot().context.offer).toMatchObject({ id: newPrice.id, state: 'accepted' });
  });

  it('declines the new price when staff replaced the one shown', async () => {
    let answers = 0;
    const { actor, declined } = start(open, async () => {
      answers += 1;
      if (answers === 1) throw replaced;
      return null;
    });
    actor.send({ type: 'decline' });
    actor.send({ type: 'reason.change', value: 'Too dear' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => s.matches('changed'));
    actor.send({ type: 'decline' });
    expect(actor.getSnapshot().context.reason).toBe('Too dear');
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => s.matches('declined'));
    expect(declined.mock.calls.map(([sent]) => sent.offerId)).toEqual([shown.id, newPrice.id]);
  });
});
