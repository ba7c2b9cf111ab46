/**
 * The forgotten-password chain (/forgot-password, /otp-verification, /reset-password): the paths
 * of passwordResetMachine's graph through its three pages, each opened with the progress the
 * machine's suite starts from (tests/machines/passwordReset.test.ts), against the real server
 * behind the gate (./heldApi.ts). The graph's samples stand for real things: its address for a
 * real account, its code for the code in that account's latest mail, its new password for one
 * the server accepts. A sent code, a verified code and a reset are the server's; a wrong code and
 * an ended reset session are the gate answering with the server's words; a code that could not
 * be asked for is a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { calls } from '../../src/api/contract';
import { ApiError, networkFailure } from '../../src/api/errors';
import {
  passwordResetMachine,
  type PasswordResetInput,
  type ResetProgress,
} from '../../src/machines/passwordResetMachine';
import { WRONG_CODE_MESSAGE } from '../../server/accounts/codes';
import { RESET_SESSION_ENDED } from '../../server/routes/passwords';
import type { Customer } from '../support/api';
import { codeFrom, mailCountTo, waitForMailTo } from '../support/mail';
import type { TestServer } from '../support/server';
import { field, toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let customer: Customer;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ server, api, customer } = held);
});
afterAll(() => held.close());

/** The graph's stand-ins (as in the machine's suite) and what the user types for them. */
const SAMPLE_EMAIL = 'ada@example.com';
const SAMPLE_CODE = '123456';
const SAMPLE_PASSWORD = 'a new password';
const NEW_PASSWORD = 'Jollof rice at noon 7';
const SAMPLE_TOKEN = 'r3set';

const wrongCode = new ApiError([WRONG_CODE_MESSAGE], { otp: [WRONG_CODE_MESSAGE] }, 422);
const sessionEnded = new ApiError(
  [RESET_SESSION_ENDED],
  { reset_token: [RESET_SESSION_ENDED] },
  422,
);

const paths = {
  request: '/forgot-password',
  code: '/otp-verification',
  password: '/reset-password',
};
const titles = {
  request: 'Reset Password',
  code: 'OTP Verification',
  password: 'Create New Password',
};
/** Each page's fields, by the machine's names. */
const labels = {
  request: { email: 'Email' },
  code: { otp: 'OTP code' },
  password: { email: 'Email', password: 'New Password', password_confirmation: 'Confirm Password' },
} as const satisfies Record<PasswordResetInput['page'], Record<string, string>>;
/** The page a state is seen on. */
const pageOf = (state: AnyMachineSnapshot) =>
  state.matches('requesting') || state.matches('sendingCode') || state.matches('codeSent')
    ? 'request'
    : state.matches('enteringCode') ||
        state.matches('verifyingCode') ||
        state.matches('codeVerified')
      ? 'code'
      : state.matches('needsEmail') || state.matches('needsCode')
        ? (state.context.page as PasswordResetInput['page'])
        : 'password';

const main = () => within(screen.getByRole('main'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const has = (path: GraphPath, type: string) => path.steps.some((step) => step.event.type === type);

async function post(call: string, body: unknown) {
  const answer = await fetch(`${server.apiUrl}/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${call} answered ${answer.status}: ${await answer.text()}`);
  return answer.json() as Promise<{ data?: { reset_token: string } }>;
}

/** Asks the real server for a reset code, as the first page would, and reads it from the mail. */
async function mailedCode() {
  const count = mailCountTo(server.dataDir, customer.email);
  await post('forget-password', { email: customer.email });
  return codeFrom((await waitForMailTo(server.dataDir, customer.email, count + 1)).text);
}

async function open(path: GraphPath) {
  const input = inputOf(path) as PasswordResetInput;
  const progress: ResetProgress = {};
  if (input.progress.email) progress.email = customer.email;
  // A code the path verifies, or a reset token it uses, must be real: asked for here unless the path asks itself.
  let code: string | undefined;
  const typesCode = path.steps.some(
    ({ event }) =>
      event.type === 'field.change' && (event as { value?: string }).value === SAMPLE_CODE,
  );
  if (input.page === 'code' && typesCode) code = await mailedCode();
  if (input.progress.resetToken) {
    progress.resetToken = has(path, 'xstate.done.actor.passwordReset')
      ? (await post('verify-otp', { email: customer.email, otp: await mailedCode() })).data!
          .reset_token
      : SAMPLE_TOKEN;
  }
  if (progress.email)
    window.sessionStorage.setItem('draft:password-reset', JSON.stringify(progress));
  const mailsBefore = mailCountTo(server.dataDir, customer.email);
  const app = renderApp(paths[input.page], { apiUrl: api.apiUrl });
  await screen.findByRole('heading', { level: 1, name: titles[input.page] }, { timeout: 10_000 });
  const page = {
    ...app,
    /** The real code the graph's sample stands for: asked for above, or by the path itself (the next mail). */
    code,
    /** What the user types (and then sees) for a value of the graph. */
    async typed(name: string, sample: string) {
      if (name === 'email' && sample === SAMPLE_EMAIL) return customer.email;
      if (name === 'otp' && sample === SAMPLE_CODE) {
        page.code ??= codeFrom(
          (await waitForMailTo(server.dataDir, customer.email, mailsBefore + 1)).text,
        );
        return page.code;
      }
      if (name.startsWith('password') && sample === SAMPLE_PASSWORD) return NEW_PASSWORD;
      return sample;
    },
  };
  return page;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'field.change': {
      const { name, value } = event as unknown as { name: string; value: string };
      const label = Object.assign({}, ...Object.values(labels))[name] as string;
      await page.user.clear(field(label));
      if (value) await page.user.type(field(label), await page.typed(name, value));
      return;
    }
    case 'submit':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: /^(Send Code|Verify)$/ }));
    case 'xstate.done.actor.forgetPassword':
    case 'xstate.done.actor.verifyOtp':
    case 'xstate.done.actor.passwordReset':
      return api.release();
    case 'xstate.error.actor.forgetPassword':
      return api.fail();
    case 'xstate.error.actor.verifyOtp':
    case 'xstate.error.actor.passwordReset': {
      const { messages, fields } = (event as unknown as { error: ApiError }).error;
      return api.answer(422, { message: messages[0], errors: fields });
    }
    // xstate.after.redirectDelay: the page waits its real 3 s; the check waits with it.
  }
}

const successes: Record<string, string> = {
  codeSent: calls.forgetPassword.success,
  codeVerified: calls.verifyOtp.success,
  passwordChanged: calls.passwordReset.success,
};

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { values, errors, messages } = expected.context as {
    values: Record<string, string>;
    errors: Record<string, string[]>;
    messages: string[];
  };
  const email = await page.typed('email', values.email!);
  if (expected.matches('done')) {
    await waitFor(() => expect(page.location().pathname).toBe('/login'), { timeout: 5000 });
    await screen.findByRole('heading', { level: 1, name: 'Log In' }, { timeout: 5000 });
    expect(field('Email')).toHaveProperty('value', email);
    return;
  }
  const pageName = pageOf(expected);
  await screen.findByRole('heading', { level: 1, name: titles[pageName] }, { timeout: 5000 });
  expect(page.location().pathname).toBe(paths[pageName]);
  if (expected.matches('needsEmail') || expected.matches('needsCode')) {
    const status = main().getByRole('status');
    if (expected.matches('needsEmail')) {
      expect(status).toHaveTextContent('Start by asking for a code: send me a reset code.');
      expect(within(status).getByRole('link')).toHaveAttribute('href', '/forgot-password');
    } else {
      expect(status).toHaveTextContent(`Enter the code we sent to ${email} first: enter my code.`);
      expect(within(status).getByRole('link')).toHaveAttribute('href', '/otp-verification');
    }
    expect(main().queryByRole('button')).toBeNull();
    return;
  }
  const state = Object.keys(successes).find((name) => expected.matches(name));
  if (state) await toast(successes[state]!);
  else if (event.type === 'submit' || isAnswer(event))
    for (const message of messages) await toast(message);
  const shown: Record<string, string> = {};
  for (const name of Object.keys(labels[pageName]))
    shown[name] = await page.typed(name, values[name]!);
  await waitFor(() => {
    const busy = expected.hasTag('busy');
    const idle = pageName === 'request' ? 'Send Code' : 'Verify';
    const busyLabel = pageName === 'request' ? 'Loading...' : 'Verifying...';
    const button = main().getByRole('button', { name: busy ? busyLabel : idle });
    if (busy) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    for (const [name, label] of Object.entries(labels[pageName])) {
      const input = field(label);
      expect(input).toHaveProperty('value', shown[name]);
      if (errors[name]?.length)
        for (const message of errors[name])
          expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
      else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
    if (pageName === 'code') expect(main().getByText(email, { selector: 'strong' })).toBeVisible();
    if (pageName === 'password') {
      const alert = main().queryByRole('alert');
      if (errors.reset_token?.length) {
        expect(alert).toHaveTextContent(`${errors.reset_token[0]} Send me a new code`);
        expect(within(alert!).getByRole('link')).toHaveAttribute('href', '/forgot-password');
      } else expect(alert).toBeNull();
    }
  });
}

const email = SAMPLE_EMAIL;
graphViewSuite('password reset pages', {
  machine: passwordResetMachine,
  input: { page: 'request', progress: {}, redirectDelay: 3000 },
  // Every page, with and without the progress earlier pages leave behind (the machine's inputs).
  inputs: [
    { page: 'request', progress: {}, redirectDelay: 3000 },
    { page: 'code', progress: {}, redirectDelay: 3000 },
    { page: 'code', progress: { email }, redirectDelay: 3000 },
    { page: 'password', progress: {}, redirectDelay: 3000 },
    { page: 'password', progress: { email }, redirectDelay: 3000 },
    { page: 'password', progress: { email, resetToken: SAMPLE_TOKEN }, redirectDelay: 3000 },
  ] satisfies PasswordResetInput[],
  events: [
    { type: 'field.change', name: 'email', value: email },
    { type: 'field.change', name: 'email', value: 'ada@' },
    { type: 'field.change', name: 'otp', value: SAMPLE_CODE },
    { type: 'field.change', name: 'otp', value: '12' },
    { type: 'field.change', name: 'password', value: SAMPLE_PASSWORD },
    { type: 'field.change', name: 'password_confirmation', value: SAMPLE_PASSWORD },
    { type: 'field.change', name: 'password_confirmation', value: 'another one' },
    { type: 'xstate.done.actor.forgetPassword', output: { message: calls.forgetPassword.success } },
    { type: 'xstate.error.actor.forgetPassword', error: networkFailure() },
    {
      type: 'xstate.done.actor.verifyOtp',
      output: { message: calls.verifyOtp.success, data: { reset_token: SAMPLE_TOKEN } },
    },
    { type: 'xstate.error.actor.verifyOtp', error: wrongCode },
    { type: 'xstate.done.actor.passwordReset', output: { message: calls.passwordReset.success } },
    { type: 'xstate.error.actor.passwordReset', error: sessionEnded },
  ],
  serializeState: (snapshot) => {
    const { values, resetToken, errors } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      email: values.email === email,
      otp: values.otp.length,
      password: values.password !== '',
      match: values.password === values.password_confirmation,
      resetToken: resetToken !== '',
      errors: Object.keys(errors),
    });
  },
  // A path stays on the page it opened (the next page is a path of its own, from the progress
  // this one leaves): only that page's fields; typing what a field holds changes nothing.
  offered: (event, state) => {
    if (pageOf(state) !== state.context.page) return false;
    if (event.type !== 'field.change') return true;
    const { name, value } = event as unknown as { name: string; value: string };
    return name in labels[pageOf(state)] && state.context.values[name] !== value;
  },
  limit: 16,
  afterCoverage: 0,
  shows: {
    'passwordReset.resuming': 'never seen: the page starts at once on its step, from the progress',
    'passwordReset.needsEmail':
      'the page (code or new password) says "Start by asking for a code" with a link to /forgot-password, and has no button',
    'passwordReset.needsCode':
      '/reset-password says "Enter the code we sent to <email> first" with a link to /otp-verification, and has no button',
    'passwordReset.requesting':
      '/forgot-password: the Email field holds what was typed, described by its messages; "Send Code" enabled; after a submit or an answer, its messages as toasts',
    'passwordReset.sendingCode': '"Loading..." disabled',
    'passwordReset.codeSent': `the toast "${calls.forgetPassword.success}"; the button stays busy on /forgot-password`,
    'passwordReset.enteringCode':
      '/otp-verification: "Enter the 6-digit code we sent to <email>", the OTP code field as typed (digits only), described by its messages; "Verify" enabled',
    'passwordReset.verifyingCode': '"Verifying..." disabled',
    'passwordReset.codeVerified': `the toast "${calls.verifyOtp.success}"; the button stays busy on /otp-verification`,
    'passwordReset.choosingPassword':
      '/reset-password: Email, New Password and Confirm Password as typed, each described by its messages; an ended reset session as an alert with "Send me a new code" to /forgot-password; "Verify" enabled',
    'passwordReset.resetting': '"Verifying..." disabled',
    'passwordReset.passwordChanged': `the toast "${calls.passwordReset.success}"; the button stays busy on /reset-password`,
    'passwordReset.done': '/login, its Email field filled with the address',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
