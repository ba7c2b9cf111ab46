/** The password-reset chain over its three pages against the real server, and its pages opened out of turn. */
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type Customer } from '../support/api';
import { codeFrom, waitForMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

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
const NEW_PASSWORD = 'Jollof rice at noon 7';

describe('the password-reset chain', () => {
  it('sends a code, verifies it, sets the new password and goes to log in, 3 s after each step', async () => {
    const app = renderApp('/forgot-password', { apiUrl: server.apiUrl });
    await heading('Reset Password');
    await app.user.type(screen.getByLabelText(/Email/), customer.email);
    const send = main().getByRole('button', { name: 'Send Code' });
    await app.user.click(send);
    expect(send).toBeDisabled();
    expect(
      await screen.findByText('OTP code sent to your email', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(app.location().pathname).toBe('/forgot-password');

    await heading('OTP Verification');
    expect(app.location().pathname).toBe('/otp-verification');
    const otp = screen.getByLabelText(/OTP code/);
    await app.user.type(otp, '12');
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(otp).toHaveAccessibleDescription('Please enter a 6-digit OTP code.');
    await app.user.clear(otp);
    const code = codeFrom((await waitForMailTo(server.dataDir, customer.email, 2)).text);
    await app.user.type(otp, `${code.slice(0, 3)}-x${code.slice(3)}`);
    expect(otp).toHaveValue(code);
    const verify = main().getByRole('button', { name: 'Verify' });
    await app.user.click(verify);
    expect(verify).toHaveTextContent('Verifying...');
    expect(
      await screen.findByText('OTP code verified successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    await heading('Create New Password');
    expect(app.location().pathname).toBe('/reset-password');
    expect(screen.getByLabelText(/Email/)).toHaveValue(customer.email);
    await app.user.type(screen.getByLabelText(/^New Password/), NEW_PASSWORD);
    await app.user.type(screen.getByLabelText(/Confirm Password/), NEW_PASSWORD);
    const reset = main().getByRole('button', { name: 'Verify' });
    await app.user.click(reset);
    expect(reset).toHaveTextContent('Verifying...');
    expect(reset).toBeDisabled();
    expect(
      await screen.findByText('Password reset successful', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    await heading('Log In');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(customer.email);
    expect(window.sessionStorage.getItem('draft:password-reset')).toBeNull();
    await app.user.type(screen.getByLabelText(/^Password/), NEW_PASSWORD);
    await app.user.click(main().getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Login Successful', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('resumes a middle page after a reload from what this tab kept', async () => {
    window.sessionStorage.setItem(
      'draft:password-reset',
      JSON.stringify({ email: customer.email }),
    );
    renderApp('/otp-verification', { apiUrl: server.apiUrl });
    await heading('OTP Verification');
    expect(main().getByText(customer.email)).toBeInTheDocument();
    expect(screen.getByLabelText(/OTP code/)).toBeEnabled();
  });

  it('says where to start when a page is opened before its step', async () => {
    const first = renderApp('/otp-verification', { apiUrl: server.apiUrl });
    await heading('OTP Verification');
    expect(main().getByRole('status')).toHaveTextContent('Start by asking for a code');
    expect(main().getByRole('link', { name: 'send me a reset code' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    first.unmount();

    window.sessionStorage.setItem(
      'draft:password-reset',
      JSON.stringify({ email: customer.email }),
    );
    renderApp('/reset-password', { apiUrl: server.apiUrl });
    await heading('Create New Password');
    expect(main().getByRole('status')).toHaveTextContent(
      `Enter the code we sent to ${customer.email} first`,
    );
    expect(main().getByRole('link', { name: 'enter my code' })).toHaveAttribute(
      'href',
      '/otp-verification',
    );
  });

  it('shows the server’s message when the reset session has ended', async () => {
    window.sessionStorage.setItem(
      'draft:password-reset',
      JSON.stringify({ email: customer.email, resetToken: 'stale' }),
    );
    const app = renderApp('/reset-password', { apiUrl: server.apiUrl });
    await heading('Create New Password');
    await app.user.type(screen.getByLabelText(/^New Password/), NEW_PASSWORD);
    await app.user.type(screen.getByLabelText(/Confirm Password/), NEW_PASSWORD);
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    const alert = await main().findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your reset session has ended. Please request a new code.');
    expect(within(alert).getByRole('link', { name: 'Send me a new code' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
