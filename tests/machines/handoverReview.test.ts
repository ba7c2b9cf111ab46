import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { handoverReviewMachine } from '../../src/machines/handoverReviewMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const input = { reference: 'RL-AAAAAAAA22', stopId: 'a1b2c3' };
const offline = new ApiError(['An error occurred. Please try again.']);
const refused = new ApiError(['This order has no such stop.'], {}, 404);
const effects = recordEffects(['notifyErrors', 'notifySuccess', 'reviewed']);

graphSuite('handoverReview', {
  machine: handoverReviewMachine,
  input,
  events: [
    { type: 'xstate.done.actor.review', output: {} },
    { type: 'xstate.error.actor.review', error: offline },
    { type: 'xstate.error.actor.review', error: refused },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, messages: snapshot.context.messages }),
  implementations: { actions: effects.actions },
  // The button, its sending, a failure kept at the button with Try again, and the end.
  states: { idle: [], sending: ['busy'], failed: [], done: [] },
  offers: { idle: ['review'], sending: [], failed: ['retry'], done: [] },
  checkInput: (id, given) => {
    expect(id).toBe('review');
    expect(given).toEqual(input);
  },
  check: (actual, _expected, event) => {
    const done = effects.take();
    switch (event.type) {
      case 'review':
      case 'retry':
        expect(actual.value).toBe('sending');
        expect(done).toEqual([]);
        break;
      case 'xstate.done.actor.review':
        expect(actual.value).toBe('done');
        expect(actual.context.messages).toEqual([]);
        expect(done).toEqual([
          ['notifySuccess', { message: 'Handover marked as reviewed.' }],
          ['reviewed', null],
        ]);
        break;
      case 'xstate.error.actor.review': {
        const { error } = event as unknown as { error: ApiError };
        expect(actual.value).toBe('failed');
        expect(actual.context.messages).toEqual(error.messages);
        expect(done).toEqual([['notifyErrors', { messages: error.messages }]]);
        break;
      }
    }
  },
});

it('starts with nothing sent and nothing to say', () => {
  const actor = createActor(handoverReviewMachine, { input });
  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context).toEqual({ ...input, messages: [] });
});
