/** What the delivery view tests share: a signed-up member on a real server, labelled fields, toasts. */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { StoredSession } from '../../../src/api/storage';
import { signUp } from '../api';
import { startTestServer, type TestServer } from '../server';
import { sessionOf } from './render';

export async function startWithMember(): Promise<{ server: TestServer; member: StoredSession }> {
  // A form sent with its progress uses the page's XMLHttpRequest, which jsdom holds to CORS as a
  // browser would: the server lets jsdom's origin call it.
  const server = await startTestServer({ corsOrigins: [window.location.origin] });
  const customer = await signUp(server);
  return { server, member: sessionOf(customer) };
}

/** Nothing listens on port 9 of loopback: every call fails as it would offline. */
export const unreachable = 'http://127.0.0.1:9/api/v1';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input labelled `label` (the required asterisk follows the label text). */
export const field = (label: string, within: Pick<typeof screen, 'getByLabelText'> = screen) =>
  within.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));

/** Longer texts are pasted, as a user pastes a long note, rather than typed key by key. */
export const PASTED_FROM = 100;

/** Replaces what the labelled fields hold, typing as a user does (pasting a long text). */
export async function fill(
  user: UserEvent,
  values: Record<string, string>,
  within: Pick<typeof screen, 'getByLabelText'> = screen,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label, within));
    if (value.length >= PASTED_FROM) await user.paste(value);
    else if (value) await user.type(field(label, within), value);
  }
}

/** A toast (react-toastify loads with the first one). */
export const toast = (text: string) =>
  waitFor(() => expect(document.querySelector('.Toastify')).toHaveTextContent(text), {
    timeout: 5000,
  });

export const REFERENCE = /^RL-[2-9A-HJ-NP-Z]{10}$/;
