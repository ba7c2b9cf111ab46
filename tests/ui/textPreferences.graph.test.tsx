/**
 * Texts about orders on /profile-update: the paths of textPreferencesMachine's graph through the
 * page of a signed-in member. The profile itself is the real server's; the calls of
 * users/preferences are held at the gate (./heldApi.ts) and answered there with the contract's
 * shapes (the server's half of issue 36 is built beside this one: once merged, a path's answers
 * can come from the server), dropped as a failing network would (a GET three times: the client
 * tries it again twice), or refused with a 422 at a channel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR } from '../../src/api/contract';
import type { TextPreferences } from '../../src/api/contract/messages';
import { ApiError } from '../../src/api/errors';
import { textPreferencesMachine } from '../../src/machines/textPreferencesMachine';
import { PREFERENCES_SAVED } from '../../src/ui/account/TextPreferences';
import type { Customer } from '../support/api';
import { toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: HeldApi;
let customer: Customer;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ api, customer } = held);
});
afterAll(() => held.close());

const PREFERENCES = /\/users\/preferences$/;
const stored: TextPreferences = { sms: true, whatsapp: false };
const WHATSAPP_REFUSED = 'Choose whether to get texts on WhatsApp.';
const refused = new ApiError([WHATSAPP_REFUSED], { whatsapp: [WHATSAPP_REFUSED] }, 422);
const offline = new ApiError([GENERIC_ERROR]);
const labels = { sms: 'SMS (text message)', whatsapp: 'WhatsApp' } as const;

const section = () => within(screen.getByRole('region', { name: 'Texts about your orders' }));
const box = (channel: keyof typeof labels) =>
  section().getByRole<HTMLInputElement>('checkbox', { name: labels[channel] });

async function open() {
  api.hold(PREFERENCES);
  const app = renderApp('/profile-update', { apiUrl: api.apiUrl, session: sessionOf(customer) });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

/** The PUT's body, as the page sent it: the gate answers with what it got. */
let sent: TextPreferences = stored;

async function perform(page: Page, event: EventObject) {
  switch (event.type) {
    case 'channel.change': {
      const { channel } = event as unknown as { channel: keyof typeof labels };
      return page.user.click(box(channel));
    }
    case 'retry':
      api.hold(PREFERENCES);
      return page.user.click(section().getByRole('button', { name: 'Try again' }));
    case 'submit':
      sent = { sms: box('sms').checked, whatsapp: box('whatsapp').checked };
      api.hold(PREFERENCES);
      return page.user.click(section().getByRole('button', { name: 'Save choice' }));
    case 'xstate.done.actor.loadPreferences':
      return api.answer(200, { message: 'Preferences found', data: stored });
    case 'xstate.error.actor.loadPreferences':
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (attempt > 0) api.hold(PREFERENCES);
        await api.fail();
      }
      return;
    case 'xstate.done.actor.savePreferences':
      return api.answer(200, { message: 'Preferences saved', data: sent });
    case 'xstate.error.actor.savePreferences': {
      const { error } = event as unknown as { error: ApiError };
      if (error.status === 422)
        return api.answer(422, { message: WHATSAPP_REFUSED, errors: refused.fields });
      return api.fail();
    }
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { values, errors, messages } = expected.context as {
    values: TextPreferences;
    errors: Record<string, string[]>;
    messages: string[];
  };
  if (event.type === 'xstate.done.actor.savePreferences') await toast(PREFERENCES_SAVED);
  else if (/^xstate\.error\.actor\./.test(event.type))
    for (const message of messages) await toast(message);
  await waitFor(
    () => {
      if (expected.matches('loading')) {
        expect(section().getByRole('status')).toHaveTextContent('Loading your choice of texts…');
        expect(section().queryByRole('checkbox')).toBeNull();
        return;
      }
      if (expected.matches('loadFailed')) {
        const alert = section().getByRole('alert');
        expect(alert).toHaveTextContent(messages.join(''));
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(section().queryByRole('checkbox')).toBeNull();
        return;
      }
      const group = section().getByRole('group', { name: 'Send me texts about my orders by' });
      expect(group).toHaveAccessibleDescription(/Receipts and account codes still come by mail/);
      for (const channel of ['sms', 'whatsapp'] as const) {
        expect(box(channel)).toHaveProperty('checked', values[channel]);
        if (expected.hasTag('busy')) expect(box(channel)).toBeDisabled();
        else expect(box(channel)).toBeEnabled();
      }
      const problems = [...(errors.sms ?? []), ...(errors.whatsapp ?? [])];
      for (const problem of problems)
        expect(group).toHaveAccessibleDescription(new RegExp(problem));
      if (!problems.length) expect(group.querySelector('.field-errors')).toBeNull();
      const busy = expected.hasTag('busy');
      const button = section().getByRole('button', { name: busy ? 'Saving…' : 'Save choice' });
      if (busy) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
      const status = section().getByRole('status');
      if (expected.matches('saved')) expect(status).toHaveTextContent(/^Saved\. You get /);
      else expect(status).toBeEmptyDOMElement();
      const alert = section().queryByRole('alert');
      if (expected.matches('failed'))
        expect(alert).toHaveTextContent(`${messages.join('')}Your choice is not saved yet`);
      else expect(alert).toBeNull();
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/profile-update texts', {
  machine: textPreferencesMachine,
  input: undefined as never,
  events: (snapshot) => {
    const { values } = snapshot.context as { values: TextPreferences };
    return [
      { type: 'xstate.done.actor.loadPreferences', output: stored },
      { type: 'xstate.error.actor.loadPreferences', error: offline },
      { type: 'channel.change', channel: 'sms', on: !values.sms },
      { type: 'channel.change', channel: 'whatsapp', on: !values.whatsapp },
      { type: 'xstate.done.actor.savePreferences', output: values },
      { type: 'xstate.error.actor.savePreferences', error: refused },
      { type: 'xstate.error.actor.savePreferences', error: offline },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      values: snapshot.context.values,
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
  limit: 8,
  afterCoverage: 0,
  shows: {
    'textPreferences.loading': '"Loading your choice of texts…" and no checkboxes',
    'textPreferences.loadFailed': 'an alert with the messages (toasted too) and "Try again"',
    'textPreferences.editing':
      'the fieldset "Send me texts about my orders by" (mail stays for receipts and codes), SMS and WhatsApp ticked as chosen, each channel\'s messages describing it; "Save choice"',
    'textPreferences.saving': '"Saving…" disabled, the boxes disabled as ticked',
    'textPreferences.saved': '"Saved." and what the choice means; a toast',
    'textPreferences.failed':
      'the boxes as ticked, an alert with the messages (toasted too) saying the choice is not saved; "Save choice" tries again',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
