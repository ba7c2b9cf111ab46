import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { graphSuite } from './graph';

const session = { token: 't0k3n', id: '7', profileImage: '', email: 'ada@example.com' };
const effectNames = [
  'persist',
  'forget',
  'goHome',
  'goToLogin',
  'reportNoToken',
  'reportLogoutError',
] as const;
const noEffects = () => Object.fromEntries(effectNames.map((name) => [name, vi.fn()]));
const events = [
  { type: 'session.login', session },
  { type: 'profile.imageChanged', profileImage: '/uploads/abc.png' },
  { type: 'xstate.error.actor.logout', error: new Error('offline') },
];

graphSuite('session', {
  machine: sessionMachine,
  inputs: [{ stored: null }, { stored: session }],
  events,
  implementations: { actions: noEffects() },
});

describe('session side effects', () => {
  function start(stored: typeof session | null, logout: () => Promise<unknown> = async () => ({})) {
    const effects = noEffects();
    const actor = createActor(
      sessionMachine.provide({
        actors: { logout: fromPromise(logout) },
        actions: Object.fromEntries(
          effectNames.map((name) => [
            name,
            (_: unknown, params: unknown) => effects[name]!(params),
          ]),
        ),
      }),
      { input: { stored } },
    ).start();
    return { actor, effects };
  }

  it('stores the whole session on login', () => {
    const { actor, effects } = start(null);
    actor.send({ type: 'session.login', session });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(effects.persist).toHaveBeenCalledWith({ session });
  });

  it('logs out through the server, forgets the session and goes home', async () => {
    const logout = vi.fn(async () => ({ message: 'User successfully logged out' }));
    const { actor, effects } = start(session, logout);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(effects.forget).toHaveBeenCalled();
    expect(effects.goHome).toHaveBeenCalled();
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('without a stored token only reports it and still goes home', () => {
    const { actor, effects } = start(null);
    actor.send({ type: 'session.logout' });
    expect(effects.reportNoToken).toHaveBeenCalled();
    expect(effects.goHome).toHaveBeenCalled();
  });

  it('stays signed in when logging out fails', async () => {
    const { actor, effects } = start(session, async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(effects.reportLogoutError).toHaveBeenCalled());
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(effects.forget).not.toHaveBeenCalled();
  });

  it('ends the session and sends the user to log in on a 401', () => {
    const { actor, effects } = start(session);
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(effects.forget).toHaveBeenCalled();
    expect(effects.goToLogin).toHaveBeenCalled();
  });
});
