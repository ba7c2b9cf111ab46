/**
 * textPreferencesMachine: the channels a customer is texted on, from their profile. Loading (and
 * a failed load with Try again), ticking SMS and WhatsApp, saving, saved, and a refused or
 * unanswered save that keeps the ticks as chosen.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TextPreferences } from '../../src/api/contract/messages';
import { ApiError } from '../../src/api/errors';
import { textPreferencesMachine } from '../../src/machines/textPreferencesMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const recorded = recordEffects(['notifySuccess', 'notifyErrors']);
const stored: TextPreferences = { sms: true, whatsapp: false };
const offline = new ApiError(['An error occurred. Please try again.']);
const refused = new ApiError(
  ['Choose whether to get texts on WhatsApp.'],
  { whatsapp: ['Choose whether to get texts on WhatsApp.'] },
  422,
);

graphSuite('textPreferences', {
  machine: textPreferencesMachine,
  events: (snapshot) => {
    const { values } = snapshot.context as { values: TextPreferences };
    return [
      { type: 'xstate.done.actor.loadPreferences', output: stored },
      { type: 'xstate.error.actor.loadPreferences', error: offline },
      // Each box turned the other way from how it stands.
      { type: 'channel.change', channel: 'sms', on: !values.sms },
      { type: 'channel.change', channel: 'whatsapp', on: !values.whatsapp },
      // The server keeps what was sent.
      { type: 'xstate.done.actor.savePreferences', output: values },
      { type: 'xstate.error.actor.savePreferences', error: refused },
      { type: 'xstate.error.actor.savePreferences', error: offline },
    ];
  },
  // The state, the ticks and which channels carry a message: finite.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      values: snapshot.context.values,
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
  implementations: { actions: recorded.actions },
  states: {
    loading: ['busy'],
    loadFailed: [],
    editing: [],
    saving: ['busy'],
    saved: [],
    failed: [],
  },
  offers: {
    loading: [],
    loadFailed: ['retry'],
    editing: ['channel.change', 'submit'],
    saving: [],
    saved: ['channel.change', 'submit'],
    failed: ['channel.change', 'submit'],
  },
  checkInput: (id, input, snapshot) => {
    // Loading takes nothing; saving takes both channels as ticked.
    if (id === 'savePreferences') expect(input).toEqual(snapshot.context.values);
    else expect(id).toBe('loadPreferences');
  },
  check: (actual, _expected, event, before) => {
    const effects = recorded.take();
    const { values, errors, messages } = actual.context;
    switch (event.type) {
      case 'xstate.done.actor.loadPreferences':
        expect(actual.value).toBe('editing');
        expect(values).toEqual(stored);
        expect(messages).toEqual([]);
        expect(effects).toEqual([]);
        break;
      case 'xstate.error.actor.loadPreferences':
        expect(actual.value).toBe('loadFailed');
        expect(messages).toEqual(offline.messages);
        expect(effects).toEqual([['notifyErrors', { messages: offline.messages }]]);
        break;
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
      case 'channel.change': {
        const { channel, on } = event as unknown as { channel: 'sms' | 'whatsapp'; on: boolean };
        expect(actual.value).toBe('editing');
        expect(values).toEqual({ ...before.context.values, [channel]: on });
        // Ticking a box clears that channel's message, not the other's.
        expect(errors[channel]).toBeUndefined();
        const other = channel === 'sms' ? 'whatsapp' : 'sms';
        expect(errors[other]).toEqual(before.context.errors[other]);
        expect(effects).toEqual([]);
        break;
      }
      case 'submit':
        expect(actual.value).toBe('saving');
        expect(values).toEqual(before.context.values);
        expect(effects).toEqual([]);
        break;
      case 'xstate.done.actor.savePreferences':
        expect(actual.value).toBe('saved');
        expect(values).toEqual(before.context.values);
        expect(errors).toEqual({});
        expect(messages).toEqual([]);
        expect(effects).toEqual([['notifySuccess', null]]);
        break;
      case 'xstate.error.actor.savePreferences': {
        const { error } = event as unknown as { error: ApiError };
        // The ticks stay as chosen; the messages go under the choice and out as toasts.
        expect(actual.value).toBe('failed');
        expect(values).toEqual(before.context.values);
        expect(errors).toEqual(error.fields);
        expect(messages).toEqual(error.messages);
        expect(effects).toEqual([['notifyErrors', { messages: error.messages }]]);
        break;
      }
    }
  },
});

it('starts with neither channel until the choice loads', () => {
  expect(createActor(textPreferencesMachine).getSnapshot().context).toEqual({
    values: { sms: false, whatsapp: false },
    errors: {},
    messages: [],
  });
});

describe('textPreferences', () => {
  it('sends both channels as ticked, and shows what the server kept', async () => {
    const sent: TextPreferences[] = [];
    const actor = createActor(
      textPreferencesMachine.provide({
        actors: {
          loadPreferences: fromPromise(async () => stored),
          savePreferences: fromPromise(async ({ input }) => {
            sent.push(input);
            return input;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'channel.change', channel: 'whatsapp', on: true });
    actor.send({ type: 'channel.change', channel: 'sms', on: false });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(sent).toEqual([{ sms: false, whatsapp: true }]);
    expect(actor.getSnapshot().context.values).toEqual({ sms: false, whatsapp: true });
  });
});
