/**
 * The footer's newsletter form (on every page; here /about): the paths of newsletterMachine's
 * graph through the labelled field and the Subscribe button, against the real server behind the
 * gate (./heldApi.ts): a success is the server's, a refusal the gate answering with the server's
 * words for a malformed address, a failure a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR } from '../../src/api/contract';
import { newsletterMachine } from '../../src/machines/newsletterMachine';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: HeldApi;
let held: HeldServer<{ staff: false; customer: false }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: false, customer: false });
  ({ api } = held);
});
afterAll(() => held.close());

const REFUSED = 'Enter a valid email address, like name@example.com.';
const footer = () => within(screen.getByRole('contentinfo'));
const emailField = () => footer().getByLabelText('Get moving tips and offers by email');
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');

async function open() {
  const app = renderApp('/about', { apiUrl: api.apiUrl });
  await footer().findByLabelText('Get moving tips and offers by email', undefined, {
    timeout: 10_000,
  });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'email.change': {
      const { value } = event as unknown as { value: string };
      await page.user.clear(emailField());
      if (value) await page.user.type(emailField(), value);
      return;
    }
    case 'submit':
      if (isAnswer(next)) api.hold();
      return page.user.click(footer().getByRole('button', { name: 'Subscribe' }));
    case 'xstate.done.actor.subscribe':
      return api.release();
    case 'xstate.error.actor.subscribe': {
      const { messages } = (event as unknown as { error: { messages: string[] } }).error;
      return messages[0] === REFUSED
        ? api.answer(422, { message: REFUSED, errors: { email: [REFUSED] } })
        : api.fail();
    }
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot) {
  const { email, messages } = expected.context as { email: string; messages: string[] };
  if (expected.matches('subscribed')) {
    expect(await footer().findByRole('status')).toHaveTextContent(
      `Thank you! ${email} is subscribed to our newsletter.`,
    );
    return;
  }
  await waitFor(() => {
    const busy = expected.hasTag('busy');
    const button = footer().getByRole('button', { name: busy ? 'Subscribing...' : 'Subscribe' });
    if (busy) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    expect(emailField()).toHaveProperty('value', email);
    expect(footer().getByRole('alert')).toHaveTextContent(messages.join(''));
    if (messages.length) expect(emailField()).toHaveAccessibleDescription(messages.join(' '));
    else expect(emailField()).not.toHaveAttribute('aria-invalid');
  });
}

graphViewSuite('newsletter form', {
  machine: newsletterMachine,
  input: undefined as never,
  events: [
    { type: 'email.change', value: 'ada@example.com' },
    // Emptied (an email field drops the spaces the machine's own suite types).
    { type: 'email.change', value: '' },
    { type: 'xstate.done.actor.subscribe', output: { message: 'Subscribed successfully' } },
    { type: 'xstate.error.actor.subscribe', error: { messages: [REFUSED] } },
    { type: 'xstate.error.actor.subscribe', error: { messages: [GENERIC_ERROR] } },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      filled: snapshot.context.email.trim() !== '',
      messages: snapshot.context.messages,
    }),
  offered: (event, state) =>
    event.type !== 'email.change' || (event as { value?: string }).value !== state.context.email,
  limit: 8,
  shows: {
    'newsletter.editing':
      'the field holds what was typed; "Subscribe" enabled; the messages in the alert under it, the field described by them (none: not invalid)',
    'newsletter.submitting': '"Subscribing..." disabled',
    'newsletter.subscribed':
      'the form gives way to "Thank you! <email> is subscribed to our newsletter."',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
