import { render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage, loadPage, type PageRoute } from '../../src/ui/routes';
import { renderApp } from '../support/view/render';

const member = { token: 'stored-token', id: '1', profileImage: '', email: 'ada@example.com' };

describe('the shell', () => {
  it('sends a visitor from a members-only page to /login and remembers where they were going', async () => {
    // Bulk delivery still asks for the login first; Deliver Now and Schedule open to visitors.
    const app = renderApp('/bulk-delivery?from=home');
    // The login page is a lazily loaded chunk with the API client: give its first compile time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log In' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(app.location().state).toEqual({
      from: { pathname: '/bulk-delivery', search: '?from=home' },
    });
  });

  it('shows a members-only page to a member', async () => {
    renderApp('/thank-you?reference=RL-ABCDEFGH23', { session: member });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('RL-ABCDEFGH23')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track it now' })).toHaveAttribute(
      'href',
      '/package-details?reference=RL-ABCDEFGH23',
    );
  });

  it('shows Log In and Sign up to a visitor, the account avatar to a member', async () => {
    const visitor = renderApp('/');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(banner.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    visitor.unmount();
    renderApp('/', { session: member });
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Your account' }),
    ).toHaveAttribute('href', '/profile');
  });

  it('hides the WhatsApp bar on dismiss', async () => {
    const app = renderApp('/');
    const bar = screen.getByRole('complementary', { name: 'Chat with us on WhatsApp' });
    await app.user.click(within(bar).getByRole('button', { name: 'Hide the WhatsApp bar' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Chat with us on WhatsApp' })).toBeNull(),
    );
  });

  it('answers an unknown path with the not-found page', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });
});

describe('a page whose code has arrived', () => {
  it('renders in the first pass, with no “Loading…” before it (React holds what replaces one)', async () => {
    let arrive!: () => void;
    const code = new Promise<{ default: ComponentType }>((resolve) => {
      arrive = () => resolve({ default: () => <h1>Arrived</h1> });
    });
    const route: PageRoute = { path: '/arrived', access: 'public', load: () => code };
    const inSuspense = (Page: ComponentType) => (
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    );

    const before = render(inSuspense(lazyPage(route)));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    before.unmount();

    const loaded = loadPage(route);
    arrive();
    await loaded;
    render(inSuspense(lazyPage(route)));
    expect(screen.getByRole('heading', { name: 'Arrived' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
