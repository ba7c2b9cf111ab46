/** /signup and /email-verification against the real server: sign up, read the mail's code, verify. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, register, uniqueEmail } from '../support/api';
import { codeFrom, lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Pages load lazily: the first visit compiles the page's chunk. */
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));

async function fillSignup(
  app: ReturnType<typeof renderApp>,
  email: string,
  confirmation = PASSWORD,
) {
  await heading('Sign Up');
  await app.user.type(screen.getByLabelText(/Full Name/), 'Ada Obi');
  await app.user.type(screen.getByLabelText(/^Email/), email);
  await app.user.type(screen.getByLabelText(/Phone Number/), '08031234567');
  await app.user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await app.user.type(screen.getByLabelText(/Confirm Password/), confirmation);
}

describe('/signup', () => {
  it("says 'Passwords do not match' and sends nothing when they differ", async () => {
    const email = uniqueEmail('mismatch');
    const app = renderApp('/signup', { apiUrl: server.apiUrl });
    await fillSignup(app, email, 'Something else 42');
    await app.user.click(main().getByRole('button', { name: 'Sign Up' }));
    const confirmation = screen.getByLabelText(/Confirm Password/);
    expect(confirmation).toHaveAccessibleDescription('Passwords do not match');
    expect(confirmation).toHaveValue('Something else 42');
    expect(app.location().pathname).toBe('/signup');
    expect(await lastMailTo(server, email)).toBeUndefined();
  });

  it('requires every field', async () => {
    const app = renderApp('/signup', { apiUrl: server.apiUrl });
    await heading('Sign Up');
    await app.user.click(main().getByRole('button', { name: 'Sign Up' }));
    for (const label of [/Full Name/, /^Email/, /Phone Number/, /^Password/, /Confirm Password/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('shows and hides both passwords with one toggle', async () => {
    const app = renderApp('/signup', { apiUrl: server.apiUrl });
    await heading('Sign Up');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await app.user.click(screen.getByLabelText('Show passwords'));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/Confirm Password/)).toHaveAttribute('type', 'text');
  });

  it('shows the server’s message under the field when the email is taken', async () => {
    const email = uniqueEmail('taken');
    await register(server, email);
    const app = renderApp('/signup', { apiUrl: server.apiUrl });
    await fillSignup(app, email);
    await app.user.click(main().getByRole('button', { name: 'Sign Up' }));
    await waitFor(
      () => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/already exists/),
      { timeout: 5000 },
    );
    expect(screen.getByLabelText(/^Email/)).toHaveValue(email);
  });

  it('signs up, goes to verification after 3 s, verifies with the mailed code, then goes to log in', async () => {
    const email = uniqueEmail('signup');
    const app = renderApp('/signup', { apiUrl: server.apiUrl });
    await fillSignup(app, email);
    const button = main().getByRole('button', { name: 'Sign Up' });
    await app.user.click(button);
    expect(button).toHaveTextContent('Signing Up...');
    expect(button).toBeDisabled();
    expect(
      await screen.findByText('Registration Successful', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(app.location().pathname).toBe('/signup');

    await heading('Email Verification');
    expect(app.location().pathname).toBe('/email-verification');
    expect(main().getByText(email)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Code expires in [45]:\d\d/);
    expect(main().getByRole('link', { name: 'Resend OTP' })).toHaveAttribute('href', '/resend-otp');

    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText(/Verification code/)).toHaveAccessibleDescription(
      'Please enter a 6-digit Token sent to your email',
    );

    const code = codeFrom((await lastMailTo(server, email))!.text);
    await app.user.type(screen.getByLabelText(/Verification code/), code);
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Email verified successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await heading('Log In');
    expect(app.location().pathname).toBe('/login');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(email);
  });
});
