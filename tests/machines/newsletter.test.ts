import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { newsletterMachine } from '../../src/machines/newsletterMachine';
import { graphSuite } from './graph';

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
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      filled: snapshot.context.email.trim() !== '',
      messages: snapshot.context.messages,
    }),
});

describe('newsletter', () => {
  const start = (subscribe: () => Promise<unknown>) =>
    createActor(
      newsletterMachine.provide({ actors: { subscribe: fromPromise(subscribe) } }),
    ).start();

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
