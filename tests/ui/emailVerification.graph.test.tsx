/**
 * /email-verification: the paths of emailVerificationMachine's graph through the page, opened
 * with and without the address in this tab (the machine suite's two inputs), against the real
 * server behind the gate (./heldApi.ts). Each path has a fresh account waiting for its code: the
 * graph's address stands for it and its code for the code in its newest mail. A verified code and
 * a new code are the server's; a wrong code and a refused resend are the gate answering with the
 * server's words.
 *
 * The graph counts 2 seconds down; the page counts 300 on a fake clock that also runs with real
 * time: a tick that leaves seconds is the page's own, the last tick is the 300 s jumped at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { calls } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  emailVerificationMachine,
  type EmailVerificationInput,
} from '../../src/machines/emailVerificationMachine';
import { WRONG_CODE_MESSAGE } from '../../server/accounts/codes';
import { register, uniqueEmail } from '../support/api';
import { codeFrom, waitForMailTo } from '../support/mail';
import type { TestServer } from '../support/server';
import { field, toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let held: HeldServer<{ staff: false; customer: false }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: false, customer: false });
  ({ server, api } = held);
});
afterAll(() => held.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The graph's stand-ins (as in the machine's suite). */
const SAMPLE_EMAIL = 'ada@example.com';
/** The address the page knows (a different sample, so that a path typing one is told apart). */
const KNOWN_EMAIL = 'known@example.com';
const SAMPLE_CODE = '123456';
const SECONDS = 2;
const TOO_MANY = 'Too many attempts. Try again in a minute.';
const wrongCode = new ApiError(
  [WRONG_CODE_MESSAGE],
  { verification_token: [WRONG_CODE_MESSAGE] },
  422,
);

const main = () => within(screen.getByRole('main'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const codeField = () => field('Verification code');
/** The Email field (the form itself is labelled "Email Verification"). */
const emailField = () => screen.queryByLabelText(/^Email( \*)?$/);

async function open(path: GraphPath) {
  const input = inputOf(path) as EmailVerificationInput;
  const email = uniqueEmail('verify');
  await register(server, email);
  await waitForMailTo(server.dataDir, email, 1);
  if (input.email) {
    window.sessionStorage.setItem('draft:email-verification', JSON.stringify({ email }));
  }
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderApp('/email-verification', { apiUrl: api.apiUrl });
  await screen.findByRole('heading', { level: 1, name: 'Email Verification' }, { timeout: 10_000 });
  const page = {
    ...app,
    input,
    email,
    /** Seconds left on the graph's clock, and mails the account has had. */
    remaining: input.seconds,
    mails: 1,
    code: undefined as string | undefined,
    /** What the user types (and sees) for a value of the graph. */
    async typed(name: 'email' | 'code', sample: string) {
      if (name === 'email' && (sample === SAMPLE_EMAIL || sample === KNOWN_EMAIL)) return email;
      if (name === 'code' && sample === SAMPLE_CODE)
        return (page.code ??= codeFrom(
          (await waitForMailTo(server.dataDir, email, page.mails)).text,
        ));
      return sample;
    },
  };
  return page;
}
type Page = Awaited<ReturnType<typeof open>>;

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

/**
 * The page's 300 s at once. Its clock starts in an effect that React may flush after the page
 * shows: time jumped before then moves nothing, so the jump is made again until the code expires.
 */
async function expire() {
  for (let attempt = 0; attempt < 20 && !main().queryByText('This code has expired.'); attempt++) {
    await advance(300_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'code.change':
    case 'email.change': {
      const name = event.type === 'code.change' ? 'code' : 'email';
      const input = name === 'code' ? codeField() : field('Email');
      const { value } = event as unknown as { value: string };
      await page.user.clear(input);
      if (value) await page.user.type(input, await page.typed(name, value));
      return;
    }
    case 'submit':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Verify' }));
    case 'code.resend':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Send me a new code' }));
    case 'xstate.done.actor.verifyEmail':
      return api.release();
    case 'xstate.done.actor.resendOtp':
      // The new code is in the next mail; the page counts its 300 s again.
      page.mails += 1;
      page.code = undefined;
      page.remaining = SECONDS;
      return api.release();
    case 'xstate.error.actor.verifyEmail':
      return api.answer(422, { message: WRONG_CODE_MESSAGE, errors: wrongCode.fields });
    case 'xstate.error.actor.resendOtp':
      return api.answer(429, { message: TOO_MANY });
    case 'xstate.after.second.emailVerification.clock.running':
      page.remaining -= 1;
      if (page.remaining === 0) await expire();
      return;
    case 'xstate.after.redirectDelay.emailVerification.code.verified':
      return advance(3000);
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { code, email, errors, messages } = expected.context as {
    code: string;
    email: string;
    errors: Record<string, string[]>;
    messages: string[];
  };
  const typedEmail = await page.typed('email', email);
  if (expected.matches({ code: 'done' })) {
    await waitFor(() => expect(page.location().pathname).toBe('/login'), { timeout: 5000 });
    await screen.findByRole('heading', { level: 1, name: 'Log In' }, { timeout: 5000 });
    expect(field('Email')).toHaveProperty('value', typedEmail);
    return;
  }
  if (expected.matches({ code: 'verified' })) await toast(calls.verifyEmail.success);
  else if (event.type === 'xstate.done.actor.resendOtp') await toast(calls.resendOtp.success);
  else if (event.type === 'submit' || isAnswer(event))
    for (const message of messages) await toast(message);
  const typedCode = await page.typed('code', code);
  await waitFor(() => {
    const busy = expected.hasTag('busy');
    const button = main().getByRole('button', { name: busy ? 'Verifying...' : 'Verify' });
    if (!busy && expected.can({ type: 'submit' })) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
    const lead = main().getByText(/^Enter the 6-digit code we sent to/);
    if (page.input.email) {
      expect(lead).toHaveTextContent(`Enter the 6-digit code we sent to ${page.email}.`);
      expect(emailField()).toBeNull();
    } else {
      expect(lead).toHaveTextContent('Enter the 6-digit code we sent to your email.');
      expect(emailField()).toHaveProperty('value', typedEmail);
    }
    const fields: [HTMLElement, string][] = [[codeField(), 'verification_token']];
    if (emailField()) fields.push([emailField()!, 'email']);
    for (const [input, name] of fields) {
      if (errors[name]?.length)
        for (const message of errors[name])
          expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
      else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(codeField()).toHaveProperty('value', typedCode);
    const expired =
      expected.matches({ clock: 'expired' }) || expected.matches({ clock: 'resending' });
    if (expired) expect(codeField()).toBeDisabled();
    else expect(codeField()).toBeEnabled();
    const alert = main().queryByRole('alert');
    const timer = screen.queryByRole('timer');
    if (expired) {
      expect(alert).toHaveTextContent('This code has expired.');
      expect(timer).toBeNull();
      if (expected.matches({ clock: 'resending' }))
        expect(within(alert!).getByRole('button', { name: 'Sending...' })).toBeDisabled();
      else if (expected.can({ type: 'code.resend' }))
        expect(within(alert!).getByRole('button', { name: 'Send me a new code' })).toBeEnabled();
      else
        expect(within(alert!).getByRole('link', { name: 'Send me a new code' })).toHaveAttribute(
          'href',
          '/resend-otp',
        );
    } else if (expected.matches({ clock: 'running' })) {
      expect(alert).toBeNull();
      expect(timer).toHaveTextContent(
        event.type === 'xstate.done.actor.resendOtp'
          ? /^Code expires in (5:00|4:5\d)$/
          : /^Code expires in [0-5]:\d\d$/,
      );
    } else {
      // Verified: the clock has stopped, and nothing counts down or expires any more.
      expect(alert).toBeNull();
      expect(timer).toBeNull();
    }
  });
}

graphViewSuite('/email-verification', {
  machine: emailVerificationMachine,
  input: { email: KNOWN_EMAIL, seconds: SECONDS, redirectDelay: 3000 },
  inputs: [
    { email: KNOWN_EMAIL, seconds: SECONDS, redirectDelay: 3000 },
    { email: null, seconds: SECONDS, redirectDelay: 3000 },
  ] satisfies EmailVerificationInput[],
  events: [
    { type: 'code.change', value: SAMPLE_CODE },
    { type: 'code.change', value: '12a' },
    { type: 'email.change', value: SAMPLE_EMAIL },
    { type: 'email.change', value: 'ada@' },
    { type: 'xstate.done.actor.verifyEmail', output: { message: calls.verifyEmail.success } },
    { type: 'xstate.error.actor.verifyEmail', error: wrongCode },
    { type: 'xstate.done.actor.resendOtp', output: { message: calls.resendOtp.success } },
    { type: 'xstate.error.actor.resendOtp', error: new ApiError([TOO_MANY], {}, 429) },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      code: snapshot.context.code.length,
      email: snapshot.context.email,
      remaining: snapshot.context.remaining,
      errors: Object.keys(snapshot.context.errors),
    }),
  offered: (event, state) => {
    // The Email field only when the page does not know the address; the code field is disabled once expired.
    if (event.type === 'email.change')
      return (
        state.context.email !== KNOWN_EMAIL &&
        (event as { value?: string }).value !== state.context.email
      );
    if (event.type === 'code.change')
      return (
        !state.matches({ clock: 'expired' }) &&
        (event as { value?: string }).value !== state.context.code
      );
    // The last second is jumped on the fake clock, which would also time a held call out.
    if (event.type.startsWith('xstate.after.second')) return !state.hasTag('busy');
    return true;
  },
  limit: 16,
  afterCoverage: 0,
  shows: {
    'emailVerification.code.editing':
      'the lead names the address (or "your email" with an Email field when the page does not know it); the Verification code field as typed, digits only, each field described by its messages; "Verify" enabled unless the code has expired; after a submit or an answer, its messages as toasts',
    'emailVerification.code.verifying': '"Verifying..." disabled',
    'emailVerification.code.verified': `the toast "${calls.verifyEmail.success}"; the button stays busy; no clock, no expiry`,
    'emailVerification.code.done': '/login, its Email field filled with the address',
    'emailVerification.clock.running':
      'the timer "Code expires in m:ss" (from 5:00 again after a new code, with its toast)',
    'emailVerification.clock.expired':
      'the alert "This code has expired." with "Send me a new code" (a button when the address is known, else a link to /resend-otp); no timer; the code field and "Verify" disabled',
    'emailVerification.clock.resending': '"Sending..." disabled in the alert',
    'emailVerification.clock.stopped': 'no timer and no alert (the code is verified)',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
