/**
 * The session (docs/product.md), one actor for the whole app: signed in at start when a token
 * is stored; login stores token, id, profile image and the email for the browser session;
 * logout calls the server, clears storage and goes home; a 401 from any call ends the session
 * and sends the user to /login; a deleted account just ends it. Storage, the logout call and navigation are provided by the
 * app (`persist`, `forget`, `logout`, `goHome`, `goToLogin`).
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { StoredSession } from '../api/session';

export const sessionMachine = setup({
  types: {
    context: {} as { session: StoredSession | null },
    input: {} as { stored: StoredSession | null },
    events: {} as
      | { type: 'session.login'; session: StoredSession }
      | { type: 'session.logout' }
      | { type: 'session.expired' }
      | { type: 'session.ended' }
      | { type: 'profile.imageChanged'; profileImage: string },
    tags: {} as 'busy',
  },
  actors: {
    logout: providedByView<unknown>('logout'),
  },
  actions: {
    persist: (_, _params: { session: StoredSession }) => {},
    forget: () => {},
    goHome: () => {},
    goToLogin: () => {},
    reportNoToken: () => {},
    reportLogoutError: () => {},
  },
  guards: {
    hasStoredToken: ({ context }) => Boolean(context.session?.token),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasStoredToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signedIn',
          actions: [
            assign({ session: ({ event }) => event.session }),
            { type: 'persist', params: ({ event }) => ({ session: event.session }) },
          ],
        },
        // docs/product.md: with no stored token, logout only logs and still goes home.
        'session.logout': { actions: ['reportNoToken', 'goHome'] },
      },
    },
    signedIn: {
      on: {
        'session.logout': 'signingOut',
        'session.expired': {
          target: 'signedOut',
          actions: [assign({ session: null }), 'forget', 'goToLogin'],
        },
        // The account was deleted: the server has already ended every session, and the page
        // that deleted it decides where the user goes.
        'session.ended': { target: 'signedOut', actions: [assign({ session: null }), 'forget'] },
        'profile.imageChanged': {
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session ? { ...context.session, profileImage: event.profileImage } : null,
            }),
            { type: 'persist', params: ({ context }) => ({ session: context.session! }) },
          ],
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: [assign({ session: null }), 'forget', 'goHome'] },
        // docs/product.md: a failed logout is only logged; the user stays signed in.
        onError: { target: 'signedIn', actions: 'reportLogoutError' },
      },
      on: {
        // The server no longer knows the token (401 on the logout call itself): the user
        // asked to leave, and the session is over anyway.
        'session.expired': {
          target: 'signedOut',
          actions: [assign({ session: null }), 'forget', 'goHome'],
        },
      },
    },
  },
});
