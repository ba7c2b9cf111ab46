/**
 * /profile-update: the paths of profileUpdateMachine's graph through the page of a signed-in
 * member, against the real server behind the gate (./heldApi.ts). The profile is the real one
 * (the member's name and phone are set back to the graph's stored profile before each path), a
 * save is the server's; a load that fails is three dropped connections (the client tries a GET
 * three times); a refusal is the gate answering with the server's words. The picture is the photo
 * upload's (tests/machines/photoUpload.test.ts, account-pages.test.tsx), and storing one is a
 * browser test (tests/e2e/tracking-account.test.ts, tests/e2e/quotes.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, type Profile } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { profileUpdateMachine } from '../../src/machines/profileUpdateMachine';
import type { Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { field, toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let customer: Customer;
let held: HeldServer<{ customer: true }>;
beforeAll(async () => {
  held = await startHeldServer({ customer: true });
  ({ server, api, customer } = held);
  // jsdom has no object URLs; the picker only needs one to show a preview.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});
afterAll(() => held.close());

/** The member's profile as sign-up stores it (tests/support/api.ts), and after saving a new phone. */
const stored: Omit<Profile, 'id' | 'email'> = {
  fullname: 'Ada Obi',
  phone: '+2348031234567',
  profile_image: null,
  role: 'customer',
};
const NEW_PHONE = '08051234567';
/** How the server stores NEW_PHONE: in E.164 (docs/messages.md, "Numbers"). */
const NEW_PHONE_STORED = '+2348051234567';
const NOT_AN_IMAGE = 'File type must be an image: PNG, JPEG, WebP or GIF.';
const notAnImage = new ApiError([NOT_AN_IMAGE], { profile_image: [NOT_AN_IMAGE] }, 422);
const UPDATED = 'User Profile updated successfully';

const main = () => within(screen.getByRole('main'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const labels = { fullname: 'Full name', phone: 'Mobile number' } as const;

/**
 * The calls the gate holds, and only those: the page also loads the texts' choice
 * (users/preferences) once the profile is in, which a bare hold could catch in their place.
 */
const PROFILE_LOAD = /\/users\/profile$/;
const PROFILE_SAVE = /\/users\/edit\//;

async function open() {
  await server.app.db
    .updateTable('users')
    .set({ fullname: stored.fullname, phone: stored.phone })
    .where('email', '=', customer.email)
    .execute();
  // Every path starts with the profile's load: held until the path says how it ends.
  api.hold(PROFILE_LOAD);
  const app = renderApp('/profile-update', { apiUrl: api.apiUrl, session: sessionOf(customer) });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject) {
  switch (event.type) {
    case 'field.change': {
      const { name, value } = event as unknown as { name: keyof typeof labels; value: string };
      await page.user.clear(field(labels[name]));
      if (value) await page.user.type(field(labels[name]), value);
      return;
    }
    case 'retry':
      // Held even when the path ends here, so the page is seen busy (cleanup lets it go).
      api.hold(PROFILE_LOAD);
      return page.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'submit':
      // Held even when the path ends here, so the page is seen busy (cleanup lets it go).
      api.hold(PROFILE_SAVE);
      return page.user.click(main().getByRole('button', { name: 'Update profile' }));
    case 'xstate.done.actor.loadProfile':
    case 'xstate.done.actor.saveProfile':
      return api.release();
    case 'xstate.error.actor.loadProfile':
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (attempt > 0) api.hold(PROFILE_LOAD);
        await api.fail();
      }
      return;
    case 'xstate.error.actor.saveProfile':
      return api.answer(422, { message: NOT_AN_IMAGE, errors: notAnImage.fields });
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { values, errors, messages, currentImage } = expected.context as {
    values: Record<string, string>;
    errors: Record<string, string[]>;
    messages: string[];
    currentImage: string | null;
  };
  if (event.type === 'xstate.done.actor.saveProfile') await toast(UPDATED);
  else if (event.type === 'submit' || isAnswer(event))
    for (const message of messages) await toast(message);
  await waitFor(
    () => {
      const waiting = main().queryByRole('status');
      const alert = main().queryByRole('alert');
      if (expected.matches('loading')) {
        expect(waiting).toHaveTextContent('Loading your profile…');
        expect(main().queryByRole('button', { name: /Update profile|Updating/ })).toBeNull();
        return;
      }
      if (expected.matches('loadFailed')) {
        expect(alert).toHaveTextContent(messages.join(''));
        expect(within(alert!).getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(main().queryByLabelText(/Full name/)).toBeNull();
        return;
      }
      const busy = expected.hasTag('busy');
      const button = main().getByRole('button', { name: busy ? 'Updating...' : 'Update profile' });
      if (busy) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
      for (const [name, label] of Object.entries(labels)) {
        const input = field(labels[name as keyof typeof labels]);
        expect(input, label).toHaveProperty('value', values[name]);
        if (errors[name]?.length)
          for (const message of errors[name])
            expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
        else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(main().getByLabelText('Email')).toHaveProperty('value', customer.email);
      expect(main().getByLabelText('Email')).toHaveAttribute('readonly');
      // The picker is not opened on these paths: its button says whether an image is stored.
      expect(main().getByRole('button', { name: /profile image$/ })).toHaveTextContent(
        currentImage ? 'Change profile image' : 'Add a profile image',
      );
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/profile-update', {
  machine: profileUpdateMachine,
  input: undefined as never,
  events: [
    {
      type: 'xstate.done.actor.loadProfile',
      output: { ...stored, id: 'x', email: 'ada@example.com' },
    },
    { type: 'xstate.error.actor.loadProfile', error: new ApiError([GENERIC_ERROR]) },
    { type: 'field.change', name: 'phone', value: NEW_PHONE },
    { type: 'field.change', name: 'phone', value: '12345' },
    // What the server stores: the phone the path saves (the stored one, or the new one).
    {
      type: 'xstate.done.actor.saveProfile',
      output: { ...stored, id: 'x', email: 'ada@example.com' },
    },
    {
      type: 'xstate.done.actor.saveProfile',
      output: { ...stored, phone: NEW_PHONE_STORED, id: 'x', email: 'ada@example.com' },
    },
    { type: 'xstate.error.actor.saveProfile', error: notAnImage },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      phone: snapshot.context.values.phone,
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
  offered: (event, state) => {
    const { values } = state.context as { values: { phone: string } };
    if (event.type === 'field.change') return (event as { value?: string }).value !== values.phone;
    // A save answers what was sent.
    if (event.type === 'xstate.done.actor.saveProfile')
      return (event as { output?: Profile }).output?.phone === values.phone;
    return true;
  },
  limit: 10,
  afterCoverage: 0,
  shows: {
    'profileUpdate.loading': '"Loading your profile…" and no form',
    'profileUpdate.loadFailed': 'an alert with the messages (toasted too) and "Try again"; no form',
    'profileUpdate.editing':
      'Full name and Mobile number as stored or typed, each described by its messages; Email read-only from the session; "Update profile" enabled; before the picker opens, "Add a profile image" (or "Change…" when one is stored); a save toasts "User Profile updated successfully", a refusal its messages',
    'profileUpdate.saving': '"Updating..." disabled, the fields as typed',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
