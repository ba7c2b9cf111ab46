import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fieldErrors, loginRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { loginMachine } from '../../src/machines/loginMachine';
import { graphSuite, statePath } from '../support/graph/graph';

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

/** A staff account with a picture: every field of the stored session comes from the answer. */
const staffResponse = {
  message: 'User successfully logged in',
  token: 'staff-token',
  data: {
    id: '12',
    profile_image: 'https://example.com/p.png',
    email: 'ops@relo.ng',
    role: 'staff',
  },
};
const graphEffects = effects();
const effectNames = Object.keys(graphEffects) as (keyof typeof graphEffects)[];
/** The params each side effect got during the step, and a fresh start for the next one. */
const takeCalls = () => {
  const calls = Object.fromEntries(
    effectNames.map((name) => [name, graphEffects[name].mock.calls.map((call) => call[1])]),
  );
  effectNames.forEach((name) => graphEffects[name].mockClear());
  return calls;
};
const noCalls = Object.fromEntries(effectNames.map((name) => [name, []]));

graphSuite('login', {
  machine: loginMachine,
  input: { returnTo: '/', redirectDelay: 2000 },
  events: [
    { type: 'field.change', name: 'email', value: 'ada@example.com' },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'field.change', name: 'password', value: 'correct horse' },
    { type: 'xstate.done.actor.login', output: response },
    { type: 'xstate.done.actor.login', output: staffResponse },
    { type: 'xstate.error.actor.login', error: unverified },
    { type: 'xstate.error.actor.login', error: wrong },
  ],
  states: {
    'editing.ready': [],
    'editing.unverified': [],
    submitting: ['busy'],
    succeeded: ['busy'],
    done: [],
  },
  checkInput: (id, input, snapshot) => {
    expect(id).toBe('login');
    expect(input, 'the call gets what was typed').toEqual(snapshot.context.values);
  },
  check: (actual, _expected, event, before) => {
    const calls = takeCalls();
    const was = before.context;
    const now = actual.context;
    const from = statePath(before.value);
    const state = statePath(actual.value);
    expect(actual.machine.id, 'the machine is named as its file says').toBe('login');
    expect(was.returnTo).toBe('/');
    expect(was.redirectDelay, 'docs/product.md: 2 s').toBe(2000);
    const payload = event as unknown as Record<string, unknown>;
    if (event.type === 'field.change') {
      const name = payload.name as string;
      const { [name]: _cleared, ...otherErrors } = was.errors;
      expect(state).toBe(from);
      expect(now).toEqual({
        ...was,
        values: { ...was.values, [name]: payload.value },
        errors: otherErrors,
      });
      expect(calls).toEqual(noCalls);
    } else if (event.type === 'reveal.toggle') {
      expect(state).toBe(from);
      expect(now).toEqual({ ...was, reveal: !was.reveal });
      expect(calls).toEqual(noCalls);
    } else if (event.type === 'submit') {
      const parsed = loginRequest.safeParse(was.values);
      if (parsed.success) {
        expect(state).toBe('submitting');
        expect(now).toEqual(was);
        expect(calls).toEqual(noCalls);
      } else {
        const errors = fieldErrors(parsed.error);
        const messages = [...new Set(Object.values(errors).flat())];
        expect(state, 'nothing is sent').toBe(from);
        expect(now).toEqual({ ...was, errors, messages });
        expect(calls).toEqual({ ...noCalls, notifyErrors: [{ messages }] });
      }
    } else if (event.type === 'xstate.done.actor.login') {
      const { token, data } = payload.output as typeof staffResponse;
      expect(state).toBe('succeeded');
      expect(now).toEqual({ ...was, errors: {}, messages: [] });
      const session = {
        token,
        id: String(data.id),
        profileImage: data.profile_image ?? '',
        email: data.email,
        role: data.role,
      };
      expect(calls, 'the session starts and the success shows').toEqual({
        ...noCalls,
        startSession: [{ session }],
        notifySuccess: [undefined],
      });
    } else if (event.type === 'xstate.error.actor.login') {
      const error = payload.error as ApiError;
      const toasts = { notifyErrors: [{ messages: error.messages }] };
      expect(now, 'what was typed stays').toEqual({
        ...was,
        errors: error.fields,
        messages: error.messages,
      });
      if (error.status === 403) {
        expect(state, 'the verification page is offered').toBe('editing.unverified');
        expect(calls).toEqual({
          ...noCalls,
          ...toasts,
          rememberEmailToVerify: [{ email: was.values.email }],
        });
      } else {
        expect(state).toBe('editing.ready');
        expect(calls).toEqual({ ...noCalls, ...toasts });
      }
    } else if (event.type.startsWith('xstate.after.redirectDelay.')) {
      expect(state).toBe('done');
      expect(now).toEqual(was);
      expect(calls, 'back where the guard came from').toEqual({ ...noCalls, leave: [{ to: '/' }] });
    } else {
      throw new Error(`No expectation for ${event.type}`);
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: loginRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors),
      reveal: snapshot.context.reveal,
    }),
  implementations: { actions: graphEffects },
});

describe('login side effects', () => {
  function start(login: () => Promise<unknown>, returnTo: string | null = '/track?x=1') {
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
      { input: { returnTo, redirectDelay: 1, email: 'ada@example.com' } },
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

  it('with no page to go back to, lands a crew member on the jobs and anyone else home', async () => {
    for (const [role, landing] of [
      ['crew', '/crew'],
      ['staff', '/'],
      ['customer', '/'],
    ]) {
      const { actor, spies } = start(
        async () => ({ ...response, data: { ...response.data, role } }),
        null,
      );
      actor.send({ type: 'submit' });
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(spies.leave, role).toHaveBeenCalledWith({ to: landing });
    }
    // A page the guard came from wins, whatever the role.
    const { actor, spies } = start(async () => ({
      ...response,
      data: { ...response.data, role: 'crew' },
    }));
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
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

  it('starts with the prefilled email, or none, and the return page and delay it is given', () => {
    const bare = createActor(loginMachine, { input: { returnTo: '/orders', redirectDelay: 2000 } });
    expect(bare.start().getSnapshot().context).toEqual({
      values: { email: '', password: '' },
      errors: {},
      messages: [],
      reveal: false,
      returnTo: '/orders',
      redirectDelay: 2000,
    });
    const prefilled = createActor(loginMachine, {
      input: { returnTo: '/', redirectDelay: 1, email: 'ada@example.com' },
    });
    expect(prefilled.start().getSnapshot().context.values).toEqual({
      email: 'ada@example.com',
      password: '',
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
