import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

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

const recorded = recordEffects(effectNames);

/** What a step must do, by the state it starts in and its event: the state reached, the session kept, the effects. */
function expectedStep(before: AnyMachineSnapshot, event: EventObject) {
  const kept = before.context.session as typeof session | null;
  const stay = { value: before.value, session: kept, effects: [] as [string, unknown][] };
  const signedOut = (...effects: string[]) => ({
    value: 'signedOut',
    session: null,
    effects: effects.map((name) => [name, null] as [string, unknown]),
  });
  const state = before.value as string;
  if (state === 'signedOut') {
    if (event.type === 'session.login')
      return { value: 'signedIn', session, effects: [['persist', { session }]] };
    if (event.type === 'session.logout')
      return {
        ...stay,
        effects: [
          ['reportNoToken', null],
          ['goHome', null],
        ],
      };
  }
  if (state === 'signedIn') {
    if (event.type === 'session.logout') return { ...stay, value: 'signingOut' };
    if (event.type === 'session.expired') return signedOut('forget', 'goToLogin');
    if (event.type === 'session.ended') return signedOut('forget');
    if (event.type === 'profile.imageChanged') {
      const changed = { ...kept!, profileImage: '/uploads/abc.png' };
      return { ...stay, session: changed, effects: [['persist', { session: changed }]] };
    }
  }
  if (state === 'signingOut') {
    if (event.type === 'xstate.done.actor.logout') return signedOut('forget', 'goHome');
    if (event.type === 'session.expired') return signedOut('forget', 'goHome');
    if (event.type === 'xstate.error.actor.logout')
      return { ...stay, value: 'signedIn', effects: [['reportLogoutError', null]] };
  }
  return stay;
}

graphSuite('session', {
  machine: sessionMachine,
  inputs: [{ stored: null }, { stored: session }],
  events,
  implementations: { actions: recorded.actions },
  // Signed out, signed in, and signing out (the menu's Log out busy).
  states: { signedOut: [], signedIn: [], signingOut: ['busy'] },
  check: (actual, _expected, event, before) => {
    const { value, session: kept, effects } = expectedStep(before, event);
    expect(actual.value, `${event.type} in ${String(before.value)}`).toEqual(value);
    expect(actual.context.session).toEqual(kept);
    expect(recorded.take()).toEqual(effects);
  },
});

it('starts signed in only with a stored token', () => {
  const start = (stored: typeof session | null) =>
    createActor(sessionMachine, { input: { stored } }).getSnapshot();
  expect(start(session).value).toBe('signedIn');
  expect(start(session).context.session).toEqual(session);
  expect(start({ ...session, token: '' }).value).toBe('signedOut');
  expect(start(null).value).toBe('signedOut');
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
