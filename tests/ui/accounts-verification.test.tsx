/** /email-verification's countdown and errors, and /resend-otp, against the real server. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { register, uniqueEmail } from '../support/api';
import { codeFrom, lastMailTo, readOutbox, waitForMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));
/**
 * The page's clock starts in an effect that React may flush after the heading shows (it did
 * under CI load): fake time advanced before then moves nothing. The first real tick proves it runs.
 */
const clockRunning = () =>
  waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/Code expires in 4:5\d/), {
    timeout: 10_000,
  });

describe('/email-verification', () => {
  it('counts 300 seconds down on the page; at zero the code is expired, Verify is disabled and a new code is offered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/email-verification', { apiUrl: server.apiUrl });
    await heading('Email Verification');
    expect(screen.getByRole('timer')).toHaveTextContent(/Code expires in (5:00|4:5\d)/);
    await clockRunning();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent(/Code expires in 3:5\d/);
    await act(async () => {
      vi.advanceTimersByTime(240_000);
    });
    expect(main().getByRole('alert')).toHaveTextContent('This code has expired.');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(main().getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(main().getByRole('link', { name: 'Send me a new code' })).toHaveAttribute(
      'href',
      '/resend-otp',
    );
  });

  it('sends a new code from the expired page when it knows the address, and counts down again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const email = uniqueEmail('expired-code');
    await register(server, email);
    const mailsBefore = (await readOutbox(server)).filter((mail) => mail.to.includes(email)).length;
    window.sessionStorage.setItem('draft:email-verification', JSON.stringify({ email }));
    const app = renderApp('/email-verification', { apiUrl: server.apiUrl });
    await heading('Email Verification');
    await clockRunning();
    await act(async () => {
      vi.advanceTimersByTime(300_000);
    });
    await app.user.click(main().getByRole('button', { name: 'Send me a new code' }));
    expect(
      await screen.findByText('OTP resent successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Code expires in (5:00|4:5\d)/);
    expect(main().queryByRole('alert')).toBeNull();
    await waitForMailTo(server.dataDir, email, mailsBefore + 1);
    expect((await readOutbox(server)).filter((mail) => mail.to.includes(email))).toHaveLength(
      mailsBefore + 1,
    );
  });

  it('shows the server’s message for a wrong code and keeps the input to digits', async () => {
    const email = uniqueEmail('wrong-code');
    await register(server, email);
    window.sessionStorage.setItem('draft:email-verification', JSON.stringify({ email }));
    const app = renderApp('/email-verification', { apiUrl: server.apiUrl });
    await heading('Email Verification');
    const real = codeFrom(
      (await readOutbox(server)).filter((mail) => mail.to.includes(email)).at(-1)!.text,
    );
    const wrong = `${(Number(real[0]) + 1) % 10}${real.slice(1)}`;
    const input = screen.getByLabelText(/Verification code/);
    await app.user.type(input, `${wrong.slice(0, 2)}ab ${wrong.slice(2)}`);
    expect(input).toHaveValue(wrong);
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findAllByText(/This code is wrong or has expired/, {}, { timeout: 5000 }),
    ).not.toHaveLength(0);
    expect(app.location().pathname).toBe('/email-verification');
  });

  it('asks for the email when this tab does not know it, and verifies the code for that account', async () => {
    const email = uniqueEmail('other-tab');
    await register(server, email);
    const app = renderApp('/email-verification', { apiUrl: server.apiUrl });
    await heading('Email Verification');
    // The form itself is labelled "Email Verification".
    const emailField = () => main().getByLabelText(/^Email( \*)?$/);
    const code = codeFrom((await lastMailTo(server, email))!.text);
    await app.user.type(screen.getByLabelText(/Verification code/), code);
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(emailField()).toHaveAccessibleDescription('Please fill in your email.');
    await app.user.type(emailField(), email);
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    await app.user.click(main().getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Email verified successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await heading('Log In');
    expect(main().getByLabelText(/^Email/)).toHaveValue(email);
  });
});

describe('/resend-otp', () => {
  it("asks for the email, says 'Loading...', then 'OTP resent successfully' and goes to verification after 3 s", async () => {
    const email = uniqueEmail('resend');
    await register(server, email);
    const before = (await readOutbox(server)).filter((mail) => mail.to.includes(email)).length;
    const app = renderApp('/resend-otp', { apiUrl: server.apiUrl });
    await heading('Resend OTP');
    await app.user.click(main().getByRole('button', { name: 'Resend' }));
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');

    await app.user.type(screen.getByLabelText(/Email/), email);
    const button = main().getByRole('button', { name: 'Resend' });
    await app.user.click(button);
    expect(button).toHaveTextContent('Loading...');
    expect(button).toBeDisabled();
    expect(
      await screen.findByText('OTP resent successfully', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await heading('Email Verification');
    expect(main().getByText(email)).toBeInTheDocument();
    await waitForMailTo(server.dataDir, email, before + 1);
    expect((await readOutbox(server)).filter((mail) => mail.to.includes(email)).length).toBe(
      before + 1,
    );
  });
});
