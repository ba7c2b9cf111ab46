import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { newsletterMachine } from '../../src/machines/newsletterMachine';
import { graphSuite, statePath } from '../support/graph/graph';

const fallback = 'An error occurred. Please try again.';
/** What the form says after a failure: the messages the call rejected with, else the fallback. */
const shownAfter = (error: unknown): string[] => {
  const messages = (error as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) && messages.length > 0 ? (messages as string[]) : [fallback];
};

graphSuite('newsletter', {
  machine: newsletterMachine,
  events: [
    { type: 'email.change', value: 'ada@example.com' },
    { type: 'email.change', value: ' ' },
    { type: 'xstate.done.actor.subscribe', output: { message: 'Subscribed successfully' } },
    {
      type: 'xstate.error.actor.subscribe',
      error: { messages: ['Enter a valid email address, like name@example.com.'] },
    },
    // Failures without messages to show: the fallback.
    { type: 'xstate.error.actor.subscribe', error: { messages: [] } },
    { type: 'xstate.error.actor.subscribe', error: null },
  ],
  states: { editing: [], submitting: ['busy'], subscribed: [] },
  checkInput: (id, input, snapshot) => {
    expect(id).toBe('subscribe');
    expect(input).toEqual({ email: snapshot.context.email });
  },
  check: (actual, _expected, event, before) => {
    const was = before.context;
    const now = actual.context;
    const state = statePath(actual.value);
    expect(actual.machine.id, 'the machine is named as its file says').toBe('newsletter');
    if (event.type === 'email.change') {
      const { value } = event as unknown as { value: string };
      expect(state).toBe('editing');
      expect(now, 'typing clears the message').toEqual({ email: value, messages: [] });
    } else if (event.type === 'submit') {
      if (was.email.trim() !== '') {
        expect(state).toBe('submitting');
        expect(now).toEqual(was);
      } else {
        expect(state, 'a blank email is not sent').toBe('editing');
        expect(now).toEqual({ email: was.email, messages: ['Please enter your email.'] });
      }
    } else if (event.type === 'xstate.done.actor.subscribe') {
      expect(state).toBe('subscribed');
      expect(actual.status).toBe('done');
      expect(now).toEqual(was);
    } else if (event.type === 'xstate.error.actor.subscribe') {
      const { error } = event as unknown as { error: unknown };
      expect(state).toBe('editing');
      expect(now, 'the email stays as typed').toEqual({
        email: was.email,
        messages: shownAfter(error),
      });
    } else {
      throw new Error(`No expectation for ${event.type}`);
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      // The email itself (three samples), so a blank one of spaces is submitted too.
      email: snapshot.context.email,
      messages: snapshot.context.messages,
    }),
});

describe('newsletter', () => {
  const start = (subscribe: () => Promise<unknown>) =>
    createActor(
      newsletterMachine.provide({ actors: { subscribe: fromPromise(subscribe) } }),
    ).start();

  it('starts empty, with nothing to say', () => {
    const actor = start(async () => ({}));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ email: '', messages: [] });
  });

  it('asks for an email before sending anything', () => {
    const actor = start(async () => ({}));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.messages).toEqual(['Please enter your email.']);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('says why a subscription failed, and falls back to a generic message', async () => {
    const actor = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'email.change', value: 'ada@example.com' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.context.messages.length > 0);
    expect(actor.getSnapshot().context.messages).toEqual(['An error occurred. Please try again.']);
    expect(actor.getSnapshot().context.email).toBe('ada@example.com');
  });
});
