import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  waitFor,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { ApiError } from '../../src/api/errors';
import { DECLINE_REASON_MESSAGE, type Offer, type OfferConflictBody } from '../../src/api/contract';
import {
  offerDecisionMachine,
  type OfferDecisionInput,
} from '../../src/machines/offerDecisionMachine';
import { graphSuite, statePath } from '../support/graph/graph';

const shown: Offer = {
  id: 7,
  amount_kobo: 10_000_000,
  note: 'Two vans',
  valid_until: '2030-01-31',
  state: 'open',
  created_at: '2030-01-01T09:00:00.000Z',
  decided_at: null,
  decline_reason: null,
};
const newPrice: Offer = {
  ...shown,
  id: 8,
  amount_kobo: 900_000_000,
  note: null,
  created_at: '2030-01-02T09:00:00.000Z',
};
const open: OfferDecisionInput = { reference: 'RL-ABCDEFGH23', offer: shown };
const offline = new ApiError(['An error occurred. Please try again.']);
/** A 409 that is not about a new price (already answered, expired): the page loads the order again. */
const stale = new ApiError(['You already accepted this price.'], {}, 409);
/** The 409 of an answer whose offer staff replaced: the order as it is now, with the new price. */
const changedMessage = 'The price has changed to ₦9,000,000.00. Check it before you accept.';
const conflictBody = (
  offer: Offer | null,
  status: 'ToInspect' | 'Cancelled' = 'ToInspect',
): OfferConflictBody => ({
  message: changedMessage,
  order: {
    reference_number: open.reference,
    service_type: 'scheduled_delivery',
    status,
    created_at: shown.created_at,
    offer,
    price: null,
    estimate: null,
    updated_at: shown.created_at,
    details: {
      kind: 'delivery',
      pickup_address: 'Lekki',
      pickup_landmark: null,
      sender_fullname: 'Ada',
      sender_phone: '08031234567',
      pickup_date: null,
      description: 'Box',
      receivers: [],
    },
    history: [],
    payment: null,
    receipts: [],
    refunds: [],
    cancellation: null,
    stops: [],
    crew: null,
  },
});
const replaced = new ApiError([changedMessage], {}, 409, conflictBody(newPrice));
/** Replaced, but the order was cancelled too: nothing to answer, the page loads it again. */
const replacedAndCancelled = new ApiError(
  ['This order is Cancelled: its offer can no longer be answered.'],
  {},
  409,
  conflictBody(newPrice, 'Cancelled'),
);
const refused = new ApiError(
  ['Please tell us why you are declining.'],
  { reason: ['Please tell us why you are declining.'] },
  422,
);
/** Only a 409 says the price was replaced: a failure that happens to carry an order is still a failure. */
const failedWithOrder = new ApiError(
  ['An error occurred. Please try again.'],
  {},
  500,
  conflictBody(newPrice),
);
/** A 409 whose order's newest offer was already answered (in another tab): nothing new to answer. */
const answeredElsewhere = new ApiError(
  ['You already accepted this price.'],
  {},
  409,
  conflictBody({ ...newPrice, state: 'accepted' }),
);
/** A 409 whose order shows no offer any more: nothing to answer, the page loads it again. */
const withdrawn = new ApiError(
  ['This price can no longer be answered.'],
  {},
  409,
  conflictBody(null),
);
/** The orders the server answers after an answer, with the offer as it now stands. */
const acceptedOrder = conflictBody({
  ...shown,
  state: 'accepted',
  decided_at: '2030-01-03T09:00:00.000Z',
}).order;
const declinedOrder = conflictBody({
  ...shown,
  state: 'declined',
  decline_reason: 'Too expensive for us',
}).order;

/** What the person sees in each state besides its content: the busy buttons and the changed-price notice. */
const statesShown = {
  open: [],
  changed: ['changed'],
  accepting: ['busy'],
  'declining.asking': [],
  'declining.sending': ['busy'],
  accepted: [],
  declined: [],
  expired: [],
};
const finalStates = ['accepted', 'declined', 'expired'];
const effects = { notifyErrors: vi.fn(), notifySuccess: vi.fn(), changed: vi.fn() };
/** The second argument XState gives an action: its params. */
const paramsOf = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.map((call) => call[1]);

/** What each answer from the server leads to, checked on every generated path, whatever the machine's graph says. */
function checkAnswer(
  actual: AnyMachineSnapshot,
  before: AnyMachineSnapshot,
  event: { type: string; error?: unknown; output?: unknown },
) {
  const state = statePath(actual.value);
  const answer = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (event.type.startsWith('xstate.done.actor.')) {
    const order = event.output as typeof acceptedOrder | null;
    expect(state).toBe(answer === 'accept' ? 'accepted' : 'declined');
    expect(actual.context.offer).toEqual(order?.offer ?? before.context.offer);
    expect(paramsOf(effects.notifySuccess)).toEqual([
      {
        message:
          answer === 'accept'
            ? 'Offer accepted. The price is now final.'
            : 'Offer declined. We will be in touch.',
      },
    ]);
    expect(effects.changed).toHaveBeenCalledTimes(1);
    expect(effects.notifyErrors).not.toHaveBeenCalled();
    return;
  }
  const error = event.error as ApiError;
  expect(paramsOf(effects.notifyErrors)).toEqual([{ messages: error.messages }]);
  expect(effects.notifySuccess).not.toHaveBeenCalled();
  // A new price only when it is not the one already shown.
  if (error === replaced && before.context.offer.id !== newPrice.id) {
    expect(state).toBe('changed');
    expect(actual.context.offer).toEqual(newPrice);
    expect(actual.context.errors).toEqual({});
    expect(effects.changed).not.toHaveBeenCalled();
  } else if (error.status === 409) {
    // Answered, expired, cancelled, or the same offer: the page loads the order again.
    expect(state).toBe('open');
    expect(actual.context.offer).toEqual(before.context.offer);
    expect(effects.changed).toHaveBeenCalledTimes(1);
  } else {
    expect(state).toBe(answer === 'accept' ? 'open' : 'declining.asking');
    expect(actual.context.offer).toEqual(before.context.offer);
    expect(actual.context.errors).toEqual(error.fields);
    expect(effects.changed).not.toHaveBeenCalled();
  }
}

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
    { type: 'xstate.done.actor.accept', output: acceptedOrder },
    { type: 'xstate.done.actor.accept', output: null },
    { type: 'xstate.error.actor.accept', error: offline },
    { type: 'xstate.error.actor.accept', error: stale },
    { type: 'xstate.error.actor.accept', error: replaced },
    { type: 'xstate.error.actor.accept', error: replacedAndCancelled },
    { type: 'xstate.error.actor.accept', error: failedWithOrder },
    { type: 'xstate.error.actor.accept', error: answeredElsewhere },
    { type: 'xstate.error.actor.accept', error: withdrawn },
    { type: 'xstate.done.actor.decline', output: declinedOrder },
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
  implementations: { actions: effects },
  states: statesShown,
  checkInput: (id, input, snapshot) => {
    const { reference, offer, reason } = snapshot.context;
    // The answer names the offer on screen, and a decline sends the reason as typed, trimmed.
    expect(input).toEqual(
      id === 'accept'
        ? { reference, offerId: offer.id }
        : { reference, offerId: offer.id, reason: reason.trim() },
    );
  },
  check: (actual, _expected, event, before) => {
    const state = statePath(actual.value);
    // A decline is only sent with a reason.
    if (actual.matches({ declining: 'sending' })) expect(actual.context.reason.trim()).not.toBe('');
    // The notice of a changed price always shows the new price, never the one first shown.
    if (actual.hasTag('changed')) expect(actual.context.offer).toEqual(newPrice);
    // Answered or expired, the panel only shows the offer: nothing more can happen.
    expect(actual.status === 'done', state).toBe(finalStates.includes(state));
    if (event.type === 'accept') expect(state).toBe('accepting');
    if (event.type === 'decline') expect(state).toBe('declining.asking');
    if (event.type === 'reason.change') {
      expect(actual.context.reason).toBe((event as EventObject & { value: string }).value);
      expect(actual.context.errors).toEqual({});
    }
    if (event.type === 'decline.confirm' && actual.context.reason.trim() === '') {
      expect(state).toBe('declining.asking');
      expect(actual.context.errors).toEqual({ reason: [DECLINE_REASON_MESSAGE] });
      expect(paramsOf(effects.notifyErrors)).toEqual([{ messages: [DECLINE_REASON_MESSAGE] }]);
    }
    if (event.type === 'decline.confirm' && actual.context.reason.trim() !== '')
      expect(state).toBe('declining.sending');
    if (event.type === 'back') {
      expect(state).toBe('open');
      expect(actual.context.errors).toEqual({});
    }
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.'))
      checkAnswer(actual, before, event);
    Object.values(effects).forEach((spy) => spy.mockClear());
  },
});

describe('offerDecision', () => {
  it.each([
    ['open', 'open'],
    ['accepted', 'accepted'],
    ['declined', 'declined'],
    ['expired', 'expired'],
    ['replaced', 'expired'],
  ] as const)(
    'starts from an offer that is %s in %s, with nothing typed or said',
    (offerState, expected) => {
      const actor = createActor(offerDecisionMachine, {
        input: { ...open, offer: { ...shown, state: offerState } },
      }).start();
      expect(actor.getSnapshot().value).toBe(expected);
      expect(actor.getSnapshot().status).toBe(expected === 'open' ? 'active' : 'done');
      expect(actor.getSnapshot().context).toEqual({
        ...open,
        offer: { ...shown, state: offerState },
        reason: '',
        errors: {},
        messages: [],
      });
    },
  );

  it('never claims an answer when the view did not provide the calls', async () => {
    const actor = createActor(
      offerDecisionMachine.provide({ actions: { notifyErrors: () => {} } }),
      { input: open },
    ).start();
    actor.send({ type: 'accept' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'decline' });
    actor.send({ type: 'reason.change', value: 'Too dear' });
    actor.send({ type: 'decline.confirm' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toEqual({ declining: 'asking' });
  });

  function start(
    input: OfferDecisionInput,
    decline: () => Promise<unknown>,
    accept: () => Promise<unknown> = async () => null,
  ) {
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
        actions: {
          notifyErrors: (_, params) => spies.notifyErrors(params),
          changed: spies.changed,
        },
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
    await waitFor(
      actor,
      (s) => s.matches({ declining: 'asking' }) && s.context.messages.length > 0,
    );
    expect(declined).toHaveBeenCalledWith({
      reference: open.reference,
      offerId: shown.id,
      reason: 'Found a cheaper mover',
    });
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
    const { actor, accepted, notifyErrors, changed } = start(
      open,
      async () => null,
      async () => {
        answers += 1;
        if (answers === 1) throw replaced;
        return { ...conflictBody({ ...newPrice, state: 'accepted' }).order };
      },
    );
    actor.send({ type: 'accept' });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(actor.getSnapshot().context.offer).toEqual(newPrice);
    expect(notifyErrors).toHaveBeenCalledWith({ messages: [changedMessage] });
    // The page keeps what it shows: the panel shows the new price, nothing is reloaded over it.
    expect(changed).not.toHaveBeenCalled();
    actor.send({ type: 'accept' });
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(accepted.mock.calls).toEqual([
      [{ reference: open.reference, offerId: shown.id }],
      [{ reference: open.reference, offerId: newPrice.id }],
    ]);
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
