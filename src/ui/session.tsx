/** The one session actor of the app, with the real storage, logout call and navigation. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clearSession, readSession, saveSession } from '../api/storage';
import { whenUnauthorized } from '../api/unauthorized';
import { sessionMachine } from '../machines/sessionMachine';
import { inspect } from './inspector';
import type { ReturnState } from './RequireMember';

export const Session = createActorContext(sessionMachine);

/** The API client is loaded on demand so pages that never call it stay light. */
const loadApi = () => import('../api/accounts');

function ExpireOnUnauthorized() {
  const session = Session.useActorRef();
  useEffect(() => whenUnauthorized(() => session.send({ type: 'session.expired' })), [session]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // Where the user is when the session expires, so logging in again brings them back.
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  // The actor is made once; its actions read the latest navigate and location through these.
  const [logic] = useState(() =>
    sessionMachine.provide({
      actors: {
        logout: fromPromise<unknown>(async () => (await loadApi()).accountsApi.logout(undefined)),
      },
      actions: {
        persist: (_, { session }) => saveSession(session),
        forget: () => clearSession(),
        goHome: () => navigate('/'),
        goToLogin: () => {
          const { pathname, search } = here.current;
          const state: ReturnState = { from: { pathname, search } };
          navigate('/login', { replace: true, state });
        },
        // docs/product.md (Log Out): a logout with no token, and a failed logout, are only told to the console.
        // eslint-disable-next-line no-console
        reportNoToken: () => console.log('No auth token found'),
        // eslint-disable-next-line no-console
        reportLogoutError: () => console.error('Error logging out'),
      },
    }),
  );
  return (
    <Session.Provider logic={logic} options={{ input: { stored: readSession() }, inspect }}>
      <ExpireOnUnauthorized />
      {children}
    </Session.Provider>
  );
}
