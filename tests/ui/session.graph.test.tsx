/**
 * The session as the header and the member pages show it: the paths of sessionMachine's graph
 * through the app, from a visitor (the guard sends /profile to /login) and from a stored session
 * (on /profile, the Account page). Logging in is the login form; logging out the account menu's
 * Log Out, its call going to the real server behind the gate (./heldApi.ts): held to see
 * "Logging out...", let through, or dropped on every try of the GET. A session that expires is a
 * token the server no longer knows (logged out elsewhere) meeting a real 401: on the next page's
 * call, or on the logout call itself. An account deleted at /deactivate-account ends the session;
 * a profile saved at /profile-update gives the header the picture the server has.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StoredSession } from '../../src/api/storage';
import { mediaUrl } from '../../src/api/media';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { get, post, signUp, type Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { fill, toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let shared: Customer;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ server, api, customer: shared } = held);
});
afterAll(() => held.close());

/** The graph's stand-in for a stored session; the page's is a real login's. */
const stored: StoredSession = {
  token: 't0k3n',
  id: '7',
  profileImage: '',
  email: 'ada@example.com',
};
const visitor = { stored: null };
const member = { stored };
/** The picture the member's account has on the server (as if uploaded from another browser). */
const PICTURE = 'profile-picture.png';

const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const banner = () => within(screen.getByRole('banner'));
const main = () => within(screen.getByRole('main'));
const menu = () => within(screen.getByRole('navigation', { name: 'Account menu' }));
/** The server forgets the token, as when the member logged out in another tab. */
const revoke = (token: string) => get(server, 'users/logout', token);

async function open(path: GraphPath) {
  const events = path.steps.map((step) => step.event.type);
  // Deleting the account or giving it a picture changes it: those paths have an account of their own.
  const own = events.includes('session.ended') || events.includes('profile.imageChanged');
  const customer = own ? await signUp(server) : shared;
  // A token of this path's own, so that revoking it leaves the other paths' alone.
  const login = await post(server, 'login', { email: customer.email, password: customer.password });
  const token = login.body.token as string;
  const signedIn = inputOf(path) === member;
  const app = renderApp('/profile', {
    apiUrl: api.apiUrl,
    session: signedIn ? { ...sessionOf(customer), token } : undefined,
  });
  if (signedIn) await atAccountPage();
  else await screen.findByRole('heading', { level: 1, name: 'Log In' }, { timeout: 10_000 });
  /** The token the page holds (a login makes a new one), and where a visitor is (the guard sent them to log in). */
  return { ...app, customer, token, signedOutAt: '/login' };
}
type Page = Awaited<ReturnType<typeof open>>;

/** Waits for /profile (where the path starts, and where a login returns 2 s on) to have loaded the bookings, so the gate holds only what the path does. */
async function atAccountPage() {
  await screen.findByRole('heading', { level: 1, name: 'Account' }, { timeout: 10_000 });
  await waitFor(() => expect(main().queryByText('Loading your bookings…')).toBeNull());
}

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'session.login': {
      await fill(
        page.user,
        { Email: page.customer.email, Password: page.customer.password },
        main(),
      );
      await page.user.click(main().getByRole('button', { name: 'Log In' }));
      await toast('Login Successful');
      page.token = window.localStorage.getItem('authToken')!;
      return;
    }
    case 'session.logout': {
      await atAccountPage();
      if (isAnswer(next) || next?.type === 'session.expired') api.hold();
      return page.user.click(menu().getByRole('button', { name: 'Log Out' }));
    }
    case 'xstate.done.actor.logout':
      page.signedOutAt = '/';
      return api.release();
    case 'xstate.error.actor.logout':
      // A GET is tried three times (src/api/client.ts): the network stays down for all of them.
      for (const last of [false, false, true]) {
        await api.fail();
        if (!last) api.hold();
      }
      return;
    case 'session.expired':
      // Logging out: the held call meets the 401, and the user goes home as asked. Else the next
      // page's call meets it, and the user is asked to log in again.
      if (screen.queryByRole('button', { name: 'Logging out...' })) {
        await revoke(page.token);
        page.signedOutAt = '/';
        return api.release();
      }
      await atAccountPage();
      await revoke(page.token);
      page.signedOutAt = '/login';
      return page.user.click(menu().getByRole('link', { name: 'Profile' }));
    case 'session.ended':
      page.signedOutAt = '/';
      await atAccountPage();
      await page.user.click(main().getByRole('link', { name: 'Delete account' }));
      await main().findByRole('heading', { level: 1, name: 'Delete account' }, { timeout: 10_000 });
      await fill(
        page.user,
        { 'Why are you leaving?': 'Moving abroad', Password: page.customer.password },
        main(),
      );
      return page.user.click(main().getByRole('button', { name: 'Delete my account' }));
    case 'profile.imageChanged':
      await server.app.db
        .updateTable('users')
        .set({ profile_image: PICTURE })
        .where('email', '=', page.customer.email)
        .execute();
      await atAccountPage();
      await page.user.click(menu().getByRole('link', { name: 'Profile' }));
      await page.user.click(
        await main().findByRole('button', { name: 'Update profile' }, { timeout: 10_000 }),
      );
      return toast('User Profile updated successfully');
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  await waitFor(
    () => {
      if (expected.matches('signedOut')) {
        expect(banner().getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
        expect(banner().getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
        expect(banner().queryByRole('link', { name: 'Your account' })).toBeNull();
        // Logged out, or the account deleted: home. Expired, or a visitor at a member page: the login, to come back.
        expect(page.location().pathname).toBe(page.signedOutAt);
        if (page.signedOutAt === '/login') {
          expect(main().getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
          expect(page.location().state).toEqual({
            from: {
              pathname: event.type === 'xstate.init' ? '/profile' : '/profile-update',
              search: '',
            },
          });
        }
        return;
      }
      const account = banner().getByRole('link', { name: 'Your account' });
      expect(account).toHaveAttribute('href', '/profile');
      expect(banner().queryByRole('link', { name: 'Log In' })).toBeNull();
      if (event.type === 'profile.imageChanged')
        expect(account.querySelector('img')).toHaveAttribute(
          'src',
          mediaUrl(`/uploads/${PICTURE}`),
        );
      if (expected.matches('signingOut')) {
        expect(menu().getByRole('button', { name: 'Logging out...' })).toBeDisabled();
      } else if (screen.queryByRole('navigation', { name: 'Account menu' })) {
        expect(menu().getByRole('button', { name: 'Log Out' })).toBeEnabled();
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('the session (header and member pages)', {
  machine: sessionMachine,
  input: visitor,
  inputs: [visitor, member],
  events: [{ type: 'session.login', session: stored }],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  // Log Out is on member pages only, so a visitor never asks to log out.
  offered: (event, state) => !(event.type === 'session.logout' && state.matches('signedOut')),
  limit: 10,
  afterCoverage: 0,
  shows: {
    'session.starting': 'nothing of its own: it decides at once from the stored token',
    'session.signedOut':
      'the header\'s "Log In" and "Sign up", no "Your account"; home after logging out or deleting the account, the login page after a 401 or at a member page',
    'session.signedIn':
      'the header\'s "Your account" (with the account\'s picture once the server has one), "Log Out" enabled on member pages',
    'session.signingOut': '"Logging out..." disabled in the account menu',
  },
  unreachable: {
    'session.signedOut --session.logout--> (stay)':
      'Log Out is in the account menu of member pages, which a visitor is sent away from',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
