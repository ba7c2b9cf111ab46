/**
 * An application's status on /staff/applications: the paths of applicationStatusMachine's graph
 * through the row's "Status of <name>" choice, signed in as staff, against the real server behind
 * the gate (./heldApi.ts). Each path has a new mover's application of its own; a saved status is
 * the server's (read back after the toast), a failed save a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, type StaffApplication } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { applicationStatusMachine } from '../../src/machines/applicationStatusMachine';
import { get, post, type Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { field, toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
let held: HeldServer<{ staff: true }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: true });
  ({ server, api, staff } = held);
});
afterAll(() => held.close());

const offline = new ApiError([GENERIC_ERROR]);
/** The save of a status (the list's own calls pass the gate). */
const SAVE = /\/staff\/applications\/\d+\/status/;
let applicants = 0;

const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);

async function open() {
  const name = `Tunde Bello ${++applicants}`;
  const applied = await post(server, 'Mover-Registration', {
    full_name: name,
    email: `tunde.${applicants}@example.com`,
    age: 30,
    mobile_number: '08031234567',
    location: 'Yaba, Lagos',
  });
  expect(applied.status).toBe(200);
  const app = renderApp('/staff/applications', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('combobox', { name: `Status of ${name}` }, { timeout: 10_000 });
  /** The status the server has, whether the last save failed, and whether a save is held. */
  return { ...app, name, saved: 'new', failed: false, held: false };
}
type Page = Awaited<ReturnType<typeof open>>;

const choice = (page: Page) => field(`Status of ${page.name}`, main());

async function perform(page: Page, event: EventObject) {
  const save = (act: () => Promise<unknown>) => {
    api.hold(SAVE);
    page.held = true;
    return act();
  };
  if (isAnswer(event)) page.held = false;
  switch (event.type) {
    case 'status.change': {
      const { value } = event as unknown as { value: string };
      const choose = () => page.user.selectOptions(choice(page), value);
      // Choosing the saved status again sends nothing.
      return page.failed || value !== page.saved ? save(choose) : choose();
    }
    case 'retry':
      return save(() => page.user.click(main().getByRole('button', { name: 'Try again' })));
    case 'xstate.done.actor.saveStatus':
      page.failed = false;
      return api.release();
    case 'xstate.error.actor.saveStatus':
      page.failed = true;
      return api.fail();
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { chosen, saved, messages } = expected.context as {
    chosen: string;
    saved: string;
    messages: string[];
  };
  if (event.type === 'xstate.done.actor.saveStatus') {
    await toast(`Status saved: ${saved}.`);
    page.saved = saved;
    const listed = (await get(server, 'staff/applications', staff.token)).body
      .data as StaffApplication[];
    expect(listed.find((application) => application.full_name === page.name)?.status).toBe(saved);
  }
  if (event.type === 'xstate.error.actor.saveStatus') await toast(messages.join(' '));
  await waitFor(
    () => {
      const select = choice(page);
      const cell = select.closest('.application-status')!;
      expect(select).toHaveValue(chosen);
      const saving = expected.matches('saving');
      const retry = within(cell as HTMLElement).queryByRole('button', { name: 'Try again' });
      if (saving) {
        expect(select).toBeDisabled();
        expect(cell).toHaveAttribute('aria-busy', 'true');
        expect(cell).toHaveTextContent('Saving…');
      } else {
        expect(select).toBeEnabled();
        expect(cell).not.toHaveAttribute('aria-busy');
        expect(cell).not.toHaveTextContent('Saving…');
      }
      if (expected.matches('failed')) {
        expect(select).toHaveAccessibleDescription(messages.join(' '));
        expect(retry).toBeEnabled();
      } else {
        expect(select).not.toHaveAttribute('aria-invalid');
        expect(retry).toBeNull();
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/staff/applications status', {
  machine: applicationStatusMachine,
  input: { id: 7, status: 'new' },
  events: [
    { type: 'status.change', value: 'contacted' },
    { type: 'status.change', value: 'new' },
    { type: 'xstate.done.actor.saveStatus', output: {} },
    { type: 'xstate.error.actor.saveStatus', error: offline },
  ],
  // The choice cannot be changed while it saves (it is disabled).
  offered: (event, state) => event.type !== 'status.change' || !state.hasTag('busy'),
  limit: 6,
  afterCoverage: 0,
  shows: {
    'applicationStatus.saved':
      'the saved status chosen, enabled (a toast "Status saved: <status>.")',
    'applicationStatus.saving': 'the chosen status, disabled, "Saving…", the row busy',
    'applicationStatus.failed':
      'the chosen status with what went wrong under it, "Try again" (and the message as a toast)',
  },
  open,
  perform,
  check,
  cleanup: async (page) => {
    if (page.held) await api.release();
    api.releaseAll();
  },
});
