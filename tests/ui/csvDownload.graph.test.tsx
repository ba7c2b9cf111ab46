/**
 * Download CSV on /staff/subscribers: the paths of csvDownloadMachine's graph through the button,
 * signed in as staff, against the real server behind the gate (./heldApi.ts): a file is the
 * server's (handed to the browser, caught here where the page makes its link), a refusal the gate
 * answering 403 with the server's words for someone who is no longer staff.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { csvDownloadMachine } from '../../src/machines/csvDownloadMachine';
import { STAFF_ONLY_MESSAGE } from '../../server/accounts/auth';
import { post } from '../support/api';
import type { TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const READER = 'reader@example.com';
let server: TestServer;
let api: HeldApi;
let staff: Awaited<ReturnType<typeof signUpStaff>>;
/** The files the page handed to the browser, in order. */
const saved: Blob[] = [];
const { createObjectURL, revokeObjectURL } = URL;
let held: HeldServer<{ staff: true }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: true });
  ({ server, api, staff } = held);
  await post(server, 'newsletter', { email: READER });
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:subscribers';
  };
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  saved.length = 0;
});
afterAll(async () => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  await held.close();
});

const forbidden = new ApiError([STAFF_ONLY_MESSAGE], {}, 403);
const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');

async function open() {
  const app = renderApp('/staff/subscribers', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByText(READER, {}, { timeout: 10_000 });
  return { ...app, downloads: 0 };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'download':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Download CSV' }));
    case 'xstate.done.actor.download':
      page.downloads += 1;
      return api.release();
    case 'xstate.error.actor.download':
      return api.answer(403, { message: STAFF_ONLY_MESSAGE });
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { messages } = expected.context as { messages: string[] };
  if (event.type === 'xstate.error.actor.download')
    for (const message of messages) await toast(message);
  await waitFor(
    () => {
      const busy = expected.matches('downloading');
      const button = main().getByRole('button', { name: busy ? 'Exporting...' : 'Download CSV' });
      if (busy) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
      expect(saved).toHaveLength(page.downloads);
    },
    { timeout: 5000 },
  );
  if (event.type === 'xstate.done.actor.download')
    expect(await saved.at(-1)!.text()).toContain(READER);
}

graphViewSuite('/staff/subscribers Download CSV', {
  machine: csvDownloadMachine,
  input: undefined as never,
  events: [
    { type: 'xstate.done.actor.download', output: undefined },
    { type: 'xstate.error.actor.download', error: forbidden },
  ],
  limit: 4,
  afterCoverage: 0,
  shows: {
    'csvDownload.ready': '"Download CSV" enabled; each file the server sent handed to the browser',
    'csvDownload.downloading': '"Exporting..." disabled, no file yet',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
