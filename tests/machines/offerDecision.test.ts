import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { DECLINE_REASON_MESSAGE } from '../../src/api/contract';
import { offerDecisionMachine, type OfferDecisionInput } from '../../src/machines/offerDecisionMachine';
import { graphSuite } from './graph';

const open: OfferDecisionInput = { reference: 'RL-ABCDEFGH23', state: 'open' };
const offline = new ApiError(['An error occurred. Please try again.']);
const replaced = new ApiError(['This offer is no longer open.'], {}, 409);
const refused = new ApiError(['Please tell us why you are declining.'], { reason: ['Please tell us why you are declining.'] }, 422);

graphSuite('offerDecision', {
  machine: offerDecisionMachine,
  inputs: [
    open,
    { ...open, state: 'accepted' },
    { ...open, state: 'declined' },
    { ...open, state: 'expired' },
  ],
  events: [
    { type: 'reason.change', value: 'Too expensive for us' },
    { type: 'reason.change', value: '   ' },
    { type: 'xstate.done.actor.accept', output: {} },
    { type: 'xstate.error.actor.accept', error: offline },
    { type: 'xstate.error.actor.accept', error: replaced },
    { type: 'xstate.done.actor.decline', output: {} },
    { type: 'xstate.error.actor.decline', error: offline },
    { type: 'xstate.error.actor.decline', error: replaced },
    { type: 'xstate.error.actor.decline', error: refused },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      reason: snapshot.context.reason.trim() !== '',
      errors: Object.keys(snapshot.context.errors),
      failed: snapshot.context.messages.length > 0,
    }),
  implementations: { actions: { notifyErrors: vi.fn(), notifySuccess: vi.fn(), changed: vi.fn() } },
  check: (actual) => {
    // A decline is only sent with a reason.
    if (actual.matches({ declining: 'sending' })) expect(actual.context.reason.trim()).not.toBe('');
  },
});

describe('offerDecision', () => {
  function start(input: OfferDecisionInput, decline: () => Promise<unknown>) {
    const spies = { notifyErrors: vi.fn(), changed: vi.fn(), declined: vi.fn() };
    const actor = createActor(
      offerDecisionMachine.provide({
        actors: {
          decline: fromPromise(async ({ input: sent }) => {
            spies.declined(sent);
            return decline();
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
    expect(declined).toHaveBeenCalledWith({ reference: open.reference, reason: 'Found a cheaper mover' });
    expect(actor.getSnapshot().context.reason).toBe(' Found a cheaper mover ');
  });

  it('asks the page to reload when the offer changed meanwhile', async () => {
    const { actor, changed } = start(open, async () => {
      throw replaced;
    });
    actor.send({ type: 'decline' });
    actor.send({ type: 'reason.change', value: 'No' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
