/**
 * Sending when back online (src/machines/sendWhenOnlineMachine.ts): its generated paths, then the
 * machine run by a real form machine as its `submit`, as the pages run it: a booking pressed
 * offline waits, goes when the network comes back with the same Idempotency-Key, and the form
 * ends as it would after a direct call (success, refusal, no answer, or the customer's cancel).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { z } from 'zod/mini';
import { email } from '../../src/api/contract';
import { ApiError, networkFailure } from '../../src/api/errors';
import { createFormMachine } from '../../src/machines/formMachine';
import {
  CANCELLED_MESSAGE,
  RETRIES,
  sendWhenOnlineMachine,
} from '../../src/machines/sendWhenOnlineMachine';
import { graphSuite, recordEffects, submissionKeys } from '../support/graph/graph';

/** The phone's network in a path: as the form is pressed (the input), then as each call fails. */
type Phone = { offline?: boolean };
const machine = sendWhenOnlineMachine.provide({
  guards: {
    isOffline: ({ context, event }) =>
      'error' in event
        ? (event.error as Phone).offline === true
        : (context.input as Phone).offline === true,
  },
});
const request = { request: { fullname: 'Ada' }, submissionKey: 'key-1' };
const answered = { type: 'xstate.done.actor.send', output: { reference_number: 'RL-1' } };
const unanswered = { type: 'xstate.error.actor.send', error: networkFailure() };
const unansweredOffline = {
  type: 'xstate.error.actor.send',
  error: Object.assign(networkFailure(), { offline: true }),
};
const refused = {
  type: 'xstate.error.actor.send',
  error: new ApiError(['The given data was invalid.'], {}, 422),
};
const networkBack = { type: 'xstate.done.actor.networkBack' };
const effects = recordEffects(['fail']);

graphSuite('sendWhenOnline', {
  machine,
  // Pressed online, or offline.
  inputs: [
    { ...request, offline: false },
    { ...request, offline: true },
  ],
  events: [answered, unanswered, unansweredOffline, refused, networkBack],
  implementations: { actions: effects.actions },
  // `checking` decides at once: no one ever sees it.
  states: {
    sending: ['sending'],
    waiting: ['waiting'],
    retrying: ['waiting'],
    cancelling: [],
    sent: [],
    failed: [],
    cancelled: [],
  },
  offers: {
    sending: [],
    waiting: ['cancel'],
    retrying: ['cancel'],
    cancelling: [],
    sent: [],
    failed: [],
    cancelled: [],
  },
  // Every attempt sends what the form gave, unchanged: the same request, the same key.
  checkInput: (id, input) => {
    if (id === 'send') expect(input).toMatchObject(request);
  },
  check: (actual, _expected, event, before) => {
    const ended = effects.take();
    const state = actual.value as string;
    if (state === 'failed')
      expect(ended).toEqual([['fail', { error: (event as { error?: unknown }).error }]]);
    else if (state === 'cancelled')
      expect(ended).toEqual([['fail', { error: new ApiError([CANCELLED_MESSAGE]) }]]);
    else expect(ended).toEqual([]);
    // No answer: waiting while the phone is offline; online, tried again while tries are left
    // (only once the network has come back), then failed.
    if ((event === unanswered || event === unansweredOffline) && before.value === 'sending')
      expect(state).toBe(
        event === unansweredOffline
          ? 'waiting'
          : before.context.retriesLeft > 0
            ? 'retrying'
            : 'failed',
      );
    if (state === 'retrying' && before.value === 'sending')
      expect(actual.context.retriesLeft).toBe(before.context.retriesLeft - 1);
    // Back from offline, a fresh set of tries.
    if (event.type === networkBack.type) {
      expect(state).toBe('sending');
      expect(actual.context.retriesLeft).toBe(RETRIES);
    }
    if (state === 'sent') expect(actual.output).toEqual({ reference_number: 'RL-1' });
  },
});

describe('a form that sends through it', () => {
  const form = createFormMachine({ id: 'exampleBooking', schema: z.object({ email: email() }) });

  /**
   * A form machine whose `submit` is this machine with `answers` as the page's call (one per
   * attempt, in order) and a network switch the test flips, as navigator.onLine and the page's
   * `online` event would.
   */
  function start(answers: Array<() => Promise<unknown>>, online: boolean) {
    const sent: unknown[] = [];
    const toasts: string[][] = [];
    const waitingForNetwork = new Set<() => void>();
    let isOnline = online;
    const submit = sendWhenOnlineMachine.provide({
      delays: { retryDelay: 1 },
      guards: { isOffline: () => !isOnline },
      actors: {
        send: fromPromise(({ input }) => {
          sent.push(input);
          return answers[sent.length - 1]!();
        }),
        networkBack: fromPromise<void>(
          () => new Promise((resolve) => waitingForNetwork.add(resolve)),
        ),
      },
    });
    const actor = createActor(
      form.provide({
        actors: { submit: submit as never },
        actions: { notifyErrors: (_, { messages }) => toasts.push(messages) },
      }),
      {
        input: {
          newSubmissionKey: submissionKeys(),
          values: { email: 'ada@example.com' },
          redirectDelay: 1,
        },
      },
    ).start();
    const network = (up: boolean) => {
      isOnline = up;
      if (up) waitingForNetwork.forEach((back) => back());
      waitingForNetwork.clear();
    };
    const sending = () => actor.getSnapshot().children.submit as AnyActorRef | undefined;
    // The child's own state: polled, since the form's snapshot does not change meanwhile.
    const waiting = () =>
      vi.waitFor(() => expect(sending()?.getSnapshot().hasTag('waiting')).toBe(true));
    return { actor, sent, toasts, network, sending, waiting };
  }
  const reply = async () => ({ reference_number: 'RL-1' });
  const noAnswer = async () => {
    throw networkFailure();
  };

  it('pressed offline: waits, says so, then sends once when the network is back', async () => {
    const { actor, sent, network, waiting } = start([reply], false);
    actor.send({ type: 'submit' });
    await waiting();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    network(true);
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(sent).toEqual([{ request: { email: 'ada@example.com' }, submissionKey: 'key-1' }]);
    expect(actor.getSnapshot().context.result).toEqual({ reference_number: 'RL-1' });
  });

  it('the signal lost mid-send: sent again with the same key when it returns', async () => {
    const { actor, sent, network, waiting } = start(
      [
        async () => {
          network(false);
          throw networkFailure();
        },
        reply,
      ],
      true,
    );
    actor.send({ type: 'submit' });
    await waiting();
    network(true);
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('cancelled while waiting: back to the form, what was typed and the key kept, and told', async () => {
    const { actor, sent, toasts, sending, waiting } = start([reply], false);
    actor.send({ type: 'submit' });
    await waiting();
    sending()!.send({ type: 'cancel' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sent).toEqual([]);
    expect(toasts).toEqual([[CANCELLED_MESSAGE]]);
    expect(actor.getSnapshot().context.values).toEqual({ email: 'ada@example.com' });
    expect(actor.getSnapshot().context.submissionKey).toBe('key-1');
  });

  it('no answer just after the network came back: tried again shortly, with the same key', async () => {
    const { actor, sent, network, waiting } = start([noAnswer, reply], false);
    actor.send({ type: 'submit' });
    await waiting();
    network(true);
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('back online, no answer at every try: fails after the retries, the key kept for the next press', async () => {
    const { actor, sent, toasts, network, waiting } = start(
      Array(RETRIES + 1).fill(noAnswer),
      false,
    );
    actor.send({ type: 'submit' });
    await waiting();
    network(true);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sent).toHaveLength(RETRIES + 1);
    expect(toasts).toEqual([networkFailure().messages]);
    expect(actor.getSnapshot().context.submissionKey).toBe('key-1');
  });

  it('online all along, no answer: fails at once as a direct call would, the key kept', async () => {
    const { actor, sent, toasts } = start([noAnswer], true);
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sent).toHaveLength(1);
    expect(toasts).toEqual([networkFailure().messages]);
    expect(actor.getSnapshot().context.submissionKey).toBe('key-1');
  });

  it('a refusal reaches the form as it is: its messages, and a new key next time', async () => {
    const refusal = new ApiError(
      ['That email is taken.'],
      { email: ['That email is taken.'] },
      422,
    );
    const { actor, toasts } = start(
      [
        async () => {
          throw refusal;
        },
      ],
      true,
    );
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(toasts).toEqual([['That email is taken.']]);
    expect(actor.getSnapshot().context.errors).toEqual({ email: ['That email is taken.'] });
    expect(actor.getSnapshot().context.submissionKey).toBeNull();
  });

  it('a cancelled wait stops waiting for the network', async () => {
    const stopped = vi.fn();
    const submit = sendWhenOnlineMachine.provide({
      guards: { isOffline: () => true },
      actors: {
        send: fromPromise<unknown>(reply),
        networkBack: fromPromise<void>(
          ({ signal }) =>
            new Promise(() => signal.addEventListener('abort', stopped, { once: true })),
        ),
      },
    });
    const actor = createActor(form.provide({ actors: { submit: submit as never } }), {
      input: { newSubmissionKey: submissionKeys(), values: { email: 'ada@example.com' } },
    }).start();
    actor.send({ type: 'submit' });
    const child = actor.getSnapshot().children.submit as AnyActorRef;
    expect(child.getSnapshot().hasTag('waiting')).toBe(true);
    child.send({ type: 'cancel' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(stopped).toHaveBeenCalled();
    actor.stop();
  });
});
