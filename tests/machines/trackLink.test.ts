/**
 * The private tracking page `/t/<token>`: trackLinkMachine (the order as the link shows it, an
 * unknown or void link, a failed load and Try again) and optOutMachine (Stop texts, its
 * confirmation, a failure and Try again, and a number that had opted out before).
 */
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TrackLinkView } from '../../src/api/contract/messages';
import { ApiError } from '../../src/api/errors';
import { optOutMachine } from '../../src/machines/optOutMachine';
import { trackLinkMachine } from '../../src/machines/trackLinkMachine';
import { graphSuite } from '../support/graph/graph';

const token = 'k3Jx9QeVb0yWm2Rt7Lp4Hg';
const view: TrackLinkView = {
  reference_number: 'RL-ABCDEFGH23',
  service_type: 'instant_delivery',
  status: 'Shipped',
  audience: 'customer',
  date: null,
  history: [
    { status: 'ToInspect', date: '2026-11-20T09:00:00.000Z' },
    { status: 'Shipped', date: '2026-11-20T11:30:00.000Z' },
  ],
  stops: [
    { kind: 'pickup', place: 'Ikeja', name: null, state: 'done', proof: null },
    { kind: 'dropoff', place: 'Lekki', name: 'Ngozi', state: 'pending', proof: null },
  ],
  phone_masked: '•••• ••• 4567',
  opted_out: false,
  expires_at: null,
  crew: null,
};
const offline = new ApiError(['An error occurred. Please try again.']);
const unknown = new ApiError(['This link does not exist.'], {}, 404);
const expired = new ApiError(['This link has expired.'], {}, 410);

graphSuite('trackLink', {
  machine: trackLinkMachine,
  input: { token },
  events: [
    { type: 'xstate.done.actor.loadTrackLink', output: view },
    { type: 'xstate.error.actor.loadTrackLink', error: unknown },
    { type: 'xstate.error.actor.loadTrackLink', error: expired },
    { type: 'xstate.error.actor.loadTrackLink', error: offline },
  ],
  // Loading, the order, a link that does not work, and a failure to retry.
  states: { loading: ['busy'], shown: [], unknown: [], failed: [] },
  // Try again after a failure only; an unknown link is the end of the page's flow.
  offers: { loading: [], shown: [], unknown: [], failed: ['retry'] },
  checkInput: (id, input) => {
    expect(id).toBe('loadTrackLink');
    expect(input).toBe(token);
  },
  check: (actual, _expected, event) => {
    const { view: shown, messages } = actual.context;
    expect(actual.context.token).toBe(token);
    switch (event.type) {
      case 'xstate.done.actor.loadTrackLink':
        expect(actual.value).toBe('shown');
        expect(shown).toEqual(view);
        expect(messages).toEqual([]);
        break;
      case 'xstate.error.actor.loadTrackLink': {
        const { error } = event as unknown as { error: ApiError };
        expect(actual.value).toBe(error === offline ? 'failed' : 'unknown');
        expect(messages).toEqual(error.messages);
        expect(shown).toBeNull();
        break;
      }
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
    }
  },
});

it('starts loading the link it was given', () => {
  const actor = createActor(trackLinkMachine, { input: { token } });
  expect(actor.getSnapshot().context).toEqual({ token, view: null, messages: [] });
  expect(actor.getSnapshot().value).toBe('loading');
});

graphSuite('optOut', {
  machine: optOutMachine,
  // The number gets texts, or had opted out before the page opened.
  inputs: [
    { token, optedOut: false },
    { token, optedOut: true },
  ],
  events: [
    { type: 'xstate.done.actor.optOut', output: { message: 'ok', data: { opted_out: true } } },
    { type: 'xstate.error.actor.optOut', error: offline },
  ],
  states: {
    offered: [],
    confirming: [],
    sending: ['busy'],
    failed: [],
    optedOut: [],
    alreadyOptedOut: [],
  },
  offers: {
    offered: ['optOut.ask'],
    confirming: ['optOut.confirm', 'optOut.cancel'],
    sending: [],
    // Try again (confirm) or Keep texts.
    failed: ['optOut.confirm', 'optOut.cancel'],
    optedOut: [],
    alreadyOptedOut: [],
  },
  checkInput: (id, input) => {
    expect(id).toBe('optOut');
    expect(input).toBe(token);
  },
  check: (actual, _expected, event, before) => {
    const { messages } = actual.context;
    switch (event.type) {
      case 'optOut.ask':
        expect(actual.value).toBe('confirming');
        break;
      case 'optOut.cancel':
        expect(actual.value).toBe('offered');
        break;
      case 'optOut.confirm':
        expect(actual.value).toBe('sending');
        // A failure's message stays until the next answer.
        expect(messages).toEqual(before.context.messages);
        break;
      case 'xstate.done.actor.optOut':
        expect(actual.value).toBe('optedOut');
        expect(messages).toEqual([]);
        break;
      case 'xstate.error.actor.optOut':
        expect(actual.value).toBe('failed');
        expect(messages).toEqual(offline.messages);
        break;
    }
  },
});

it('starts where the number stands: texts on, or opted out before', () => {
  expect(
    createActor(optOutMachine, { input: { token, optedOut: false } })
      .start()
      .getSnapshot().value,
  ).toBe('offered');
  expect(
    createActor(optOutMachine, { input: { token, optedOut: true } })
      .start()
      .getSnapshot().value,
  ).toBe('alreadyOptedOut');
});
