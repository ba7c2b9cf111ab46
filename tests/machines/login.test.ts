import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { loginMachine } from '../../src/machines/loginMachine';
import { graphSuite } from './graph';

const response = {
  message: 'User successfully logged in',
  token: 'tok',
  data: { id: 7, profile_image: null, email: 'ada@example.com' },
};
const unverified = new ApiError(['Please verify your email before logging in.'], {}, 403);
const wrong = new ApiError(['Invalid email or password.'], {}, 400);
const effects = () => ({
  startSession: vi.fn(),
  notifySuccess: vi.fn(),
  notifyErrors: vi.fn(),
  rememberEmailToVerify: vi.fn(),
  leave: vi.fn(),
});

graphSuite('login', {
  machine: loginMachine,
  input: { returnTo: '/', redirectDelay: 2000 },
  events: [
    { type: 'field.change', name: 'email', value: 'ada@example.com' },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'field.change', name: 'password', value: 'correct horse' },
    { type: 'xstate.done.actor.login', output: response },
    { type: 'xstate.error.actor.login', error: unverified },
    { type: 'xstate.error.actor.login', error: wrong },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: loginRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors),
      reveal: snapshot.context.reveal,
    }),
  implementations: { actions: effects() },
});

describe('login side effects', () => {
  function start(login: () => Promise<unknown>) {
    const spies = effects();
    const actor = createActor(
      loginMachine.provide({
        actors: { login: fromPromise(login) as never },
        actions: {
          startSession: (_, params) => spies.startSession(params),
          notifySuccess: () => spies.notifySuccess(),
          notifyErrors: (_, params) => spies.notifyErrors(params),
          rememberEmailToVerify: (_, params) => spies.rememberEmailToVerify(params),
          leave: (_, params) => spies.leave(params),
        },
      }),
      { input: { returnTo: '/track?x=1', redirectDelay: 1, email: 'ada@example.com' } },
    ).start();
    actor.send({ type: 'field.change', name: 'password', value: 'correct horse' });
    return { actor, spies };
  }

  it('logs in once however often it is pressed, starts the session and goes back where the guard came from', async () => {
    const login = vi.fn(async () => response);
    const { actor, spies } = start(login);
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(login).toHaveBeenCalledTimes(1);
    expect(spies.startSession).toHaveBeenCalledWith({
      session: { token: 'tok', id: '7', profileImage: '', email: 'ada@example.com' },
    });
    expect(spies.notifySuccess).toHaveBeenCalled();
    expect(spies.leave).toHaveBeenCalledWith({ to: '/track?x=1' });
  });

  it('tells an unverified account so and keeps what was typed', async () => {
    const { actor, spies } = start(async () => {
      throw unverified;
    });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'unverified' }));
    expect(spies.notifyErrors).toHaveBeenCalledWith({ messages: unverified.messages });
    expect(spies.rememberEmailToVerify).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(actor.getSnapshot().context.values).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('sends nothing without a password', () => {
    const login = vi.fn();
    const { actor } = start(login);
    actor.send({ type: 'field.change', name: 'password', value: '' });
    actor.send({ type: 'submit' });
    expect(login).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors.password).toEqual(['Please enter your password.']);
  });
});
