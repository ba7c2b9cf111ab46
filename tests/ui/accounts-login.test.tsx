/** /login and the session against the real server: errors, the unverified account, the return, expiry. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ordersApi } from '../../src/api/orders';
import { PASSWORD, post, register, signUp, uniqueEmail, type Customer } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(() => server.close());

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));
const banner = () => within(screen.getByRole('banner'));

async function logIn(app: ReturnType<typeof renderApp>, email: string, password: string) {
  await heading('Log In');
  await app.user.type(screen.getByLabelText(/^Email/), email);
  await app.user.type(screen.getByLabelText(/^Password/), password);
  await app.user.click(main().getByRole('button', { name: 'Log In' }));
}

describe('/login', () => {
  it('links to Forgot Password and Sign up, and shows or hides the password', async () => {
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await heading('Log In');
    expect(main().getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(main().getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await app.user.click(screen.getByLabelText('Show password'));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
  });

  it('asks for both fields before sending', async () => {
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await heading('Log In');
    await app.user.click(main().getByRole('button', { name: 'Log In' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please fill in your email.',
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Please enter your password.',
    );
  });

  it('shows the server’s message for a wrong password and keeps the email', async () => {
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await logIn(app, customer.email, 'not my password');
    expect(
      await screen.findByText('Invalid email or password.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue(customer.email);
    expect(main().getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(banner().getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('says when to try again once the account has had too many failed logins, and keeps what was typed', async () => {
    const throttled = await signUp(server);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        (await post(server, 'login', { email: throttled.email, password: 'not my password' }))
          .status,
      ).toBe(400);
    }
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await logIn(app, throttled.email, throttled.password);
    expect(
      await screen.findByText(
        /Too many failed logins for this account.*try again in 15 minutes, or reset your password\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(throttled.email);
    expect(screen.getByLabelText(/^Password/)).toHaveValue(throttled.password);
    expect(main().getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('tells an unverified account so and offers the verification page', async () => {
    const email = uniqueEmail('unverified');
    await register(server, email);
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await logIn(app, email, PASSWORD);
    const alert = await main().findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(/verify your email/i);
    await app.user.click(within(alert).getByRole('link', { name: 'Verify your email' }));
    await heading('Email Verification');
    expect(main().getByText(email)).toBeInTheDocument();
  });

  it("says 'Logging in...' and 'Login Successful', then after 2 s returns to the page the guard came from", async () => {
    const from = { pathname: '/thank-you', search: '?reference=RL-ABCDEFGH23' };
    const app = renderApp('/login', { apiUrl: server.apiUrl, state: { from } });
    await logIn(app, customer.email, customer.password);
    const button = main().getByRole('button', { name: /Logging in/ });
    expect(button).toHaveTextContent('Logging in...');
    expect(button).toBeDisabled();
    expect(await screen.findByText('Login Successful', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(banner().getByRole('link', { name: 'Your account' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(window.localStorage.getItem('authToken')).toBeTruthy();
    expect(window.localStorage.getItem('id')).toBe(String(customer.id));
    expect(window.sessionStorage.getItem('email')).toBe(customer.email);
    await heading('Thank you!');
    expect(app.location()).toMatchObject(from);
  });

  it('goes home after logging in when no guard sent the user', async () => {
    const app = renderApp('/login', { apiUrl: server.apiUrl });
    await logIn(app, customer.email, customer.password);
    await waitFor(() => expect(app.location().pathname).toBe('/'), { timeout: 5000 });
  });
});

describe('the session', () => {
  it('ends on a 401 from any call and sends the user to log in', async () => {
    const app = renderApp('/', {
      apiUrl: server.apiUrl,
      session: { token: 'revoked', id: '1', profileImage: '', email: 'x@example.com' },
    });
    expect(banner().getByRole('link', { name: 'Your account' })).toBeInTheDocument();
    // The session registers for 401s once the API client has loaded: call until it has.
    await waitFor(async () => {
      await expect(ordersApi.orders(undefined)).rejects.toMatchObject({ status: 401 });
      expect(app.location().pathname).toBe('/login');
    });
    await heading('Log In');
    expect(app.location().state).toEqual({ from: { pathname: '/', search: '' } });
    expect(banner().getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
