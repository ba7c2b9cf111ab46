/**
 * Renders the whole app (layout, router, session) at a path, as a user would meet it.
 * Pages that call the API talk to a real server: pass `apiUrl` from startTestServer.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { saveSession, type StoredSession } from '../../../src/api/storage';
import { AppRoutes } from '../../../src/ui/router';
import type { Customer } from '../api';

export interface RenderOptions {
  apiUrl?: string;
  /** Start signed in with this stored session. */
  session?: StoredSession;
  /** Router state of the first entry (e.g. the guard's `from`). */
  state?: unknown;
}

/** The stored session a login of this account leaves (with its role, when the page reads it). */
export const sessionOf = (account: Customer, role?: StoredSession['role']): StoredSession => ({
  token: account.token,
  id: String(account.id),
  profileImage: '',
  email: account.email,
  ...(role ? { role } : {}),
});

/** Exposes the current location so tests can check where the app navigated. */
let currentLocation = { pathname: '', search: '', state: null as unknown };
function LocationProbe() {
  const location = useLocation();
  currentLocation = { pathname: location.pathname, search: location.search, state: location.state };
  return null;
}

export function renderApp(path: string, options: RenderOptions = {}) {
  if (options.apiUrl) vi.stubEnv('VITE_API_BASE_URL', options.apiUrl);
  if (options.session) saveSession(options.session);
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
  });
  const view = render(
    // Navigation renders at once, like the app (src/start.tsx): no transition lets a guard see a half-done logout.
    <MemoryRouter
      useTransitions={false}
      initialEntries={[
        {
          pathname: path.split('?')[0],
          search: path.includes('?') ? `?${path.split('?')[1]}` : '',
          state: options.state,
        },
      ]}
    >
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, location: () => currentLocation };
}
