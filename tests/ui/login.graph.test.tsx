/**
 * /login: the paths of loginMachine's graph, through the labelled fields, the show-password box
 * and the Log In button, against the real server. The graph's sample account stands for a real
 * one chosen by the path's answer: a wrong password for a refusal (400), an account not verified
 * yet for 403, the right password for a success.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { loginRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { loginMachine } from '../../src/machines/loginMachine';
import { UNVERIFIED_MESSAGE } from '../../server/routes/accounts';
import { PASSWORD, register, uniqueEmail, type Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { toast } from '../support/view/page';
import { graphViewSuite, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let customer: Customer;
const unverifiedEmail = uniqueEmail('unverified');
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ server, api, customer } = held);
  await register(server, unverifiedEmail);
});
afterAll(() => held.close());

/** The graph's stand-ins for the account's address and password. */
const SAMPLE_EMAIL = 'ada@example.com';
const SAMPLE_PASSWORD = 'correct horse';
const refused = new ApiError(['Invalid email or password.'], {}, 400);
const unverified = new ApiError([UNVERIFIED_MESSAGE], {}, 403);

const main = () => within(screen.getByRole('main'));
const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');

async function open(path: GraphPath) {
  const answers = path.steps.map((step) => step.event).filter(isAnswer);
  if (answers.length > 1)
    throw new Error('One server answer per path: the account is chosen for it.');
  const status = (answers[0] as { error?: ApiError } | undefined)?.error?.status;
  const account =
    status === 403
      ? { email: unverifiedEmail, password: PASSWORD }
      : { email: customer.email, password: status === 400 ? 'not my password' : customer.password };
  const app = renderApp('/login', { apiUrl: api.apiUrl });
  await screen.findByRole('heading', { level: 1, name: 'Log In' }, { timeout: 10_000 });
  /** What the user types for a value of the graph. */
  const typed = (sample: string) =>
    sample === SAMPLE_EMAIL
      ? account.email
      : sample === SAMPLE_PASSWORD
        ? account.password
        : sample;
  return { ...app, typed };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'field.change': {
      const { name, value } = event as unknown as { name: 'email' | 'password'; value: string };
      const field = name === 'email' ? emailField() : passwordField();
      await page.user.clear(field);
      if (value) await page.user.type(field, page.typed(value));
      return;
    }
    case 'reveal.toggle':
      return page.user.click(screen.getByLabelText('Show password'));
    case 'submit':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Log In' }));
    case 'xstate.done.actor.login':
    case 'xstate.error.actor.login':
      return api.release();
    // xstate.after.redirectDelay: the page waits its real 2 s; the check waits with it.
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { values, errors, messages, reveal } = expected.context as {
    values: { email: string; password: string };
    errors: Record<string, string[]>;
    messages: string[];
    reveal: boolean;
  };
  if (expected.matches('done')) {
    await waitFor(() => expect(page.location().pathname).toBe('/'), { timeout: 5000 });
    return;
  }
  if (expected.matches('succeeded')) await toast('Login Successful');
  else if (event.type === 'submit' || isAnswer(event))
    for (const message of messages) await toast(message);
  await waitFor(() => {
    const button = main().getByRole('button', {
      name: expected.hasTag('busy') ? 'Logging in...' : 'Log In',
    });
    if (expected.hasTag('busy')) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    expect(emailField()).toHaveProperty('value', page.typed(values.email));
    expect(passwordField()).toHaveProperty('value', page.typed(values.password));
    expect(passwordField()).toHaveAttribute('type', reveal ? 'text' : 'password');
    expect(screen.getByLabelText('Show password')).toHaveProperty('checked', reveal);
    for (const [name, field] of [
      ['email', emailField()],
      ['password', passwordField()],
    ] as const) {
      if (errors[name]?.length) expect(field).toHaveAccessibleDescription(errors[name].join(' '));
      else expect(field).not.toHaveAccessibleDescription();
    }
    const alert = main().queryByRole('alert');
    if (expected.matches({ editing: 'unverified' })) {
      expect(alert).toHaveTextContent(UNVERIFIED_MESSAGE);
      expect(within(alert!).getByRole('link', { name: 'Verify your email' })).toHaveAttribute(
        'href',
        '/email-verification',
      );
    } else expect(alert).toBeNull();
  });
}

graphViewSuite('/login', {
  machine: loginMachine,
  input: { returnTo: '/', redirectDelay: 2000 },
  events: [
    { type: 'field.change', name: 'email', value: SAMPLE_EMAIL },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'field.change', name: 'password', value: SAMPLE_PASSWORD },
    {
      type: 'xstate.done.actor.login',
      output: {
        message: '',
        token: 'tok',
        data: { id: 1, profile_image: null, email: SAMPLE_EMAIL },
      },
    },
    { type: 'xstate.error.actor.login', error: unverified },
    { type: 'xstate.error.actor.login', error: refused },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: loginRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors),
      reveal: snapshot.context.reveal,
    }),
  limit: 20,
  // What `check` tests in each state.
  shows: {
    'login.editing.ready':
      'the Email and Password fields hold what was typed, each described by its messages; "Log In" enabled; the password shown as text only while "Show password" is ticked; after a submit or an answer, its messages as toasts',
    'login.editing.unverified': `as ready, plus an alert saying "${UNVERIFIED_MESSAGE}" with a "Verify your email" link to /email-verification`,
    'login.submitting': '"Logging in..." disabled, the fields as typed',
    'login.succeeded': 'the toast "Login Successful"; the button stays busy',
    'login.done': 'the page has gone to where the member came from (/)',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
