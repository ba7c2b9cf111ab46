/**
 * The staff workspace's top bar (StaffShell, on /staff): the paths of staffShellMachine's graph,
 * signed in as staff, against the real server behind the gate (./heldApi.ts), which holds the
 * profile call that names the staff member: the name is the server's, a failure the gate dropping
 * the call every time the page tries it. In every state the bar offers its sections and Log out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { staffShellMachine } from '../../src/machines/staffShellMachine';
import { staffSections } from '../../src/ui/staff/StaffShell';
import type { Customer } from '../support/api';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let api: HeldApi;
let staff: Customer;
let held: HeldServer<{ staff: true }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: true });
  ({ api, staff } = held);
});
afterAll(() => held.close());

/** The name the staff member signed up with (tests/support/api.ts). */
const NAME = 'Ada Obi';
/** The profile call that names them (the page's own calls pass the gate). */
const PROFILE = /\/users\/profile/;
/** A GET that gets no answer is tried twice more before the page gives up. */
const TRIES = 3;

const bar = () => within(screen.getByRole('banner'));

async function open() {
  api.hold(PROFILE);
  const app = renderApp('/staff', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('navigation', { name: 'Staff workspace' }, { timeout: 10_000 });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(_page: Page, event: EventObject) {
  if (event.type === 'xstate.done.actor.loadName') return api.release();
  await api.fail();
  for (let retry = 1; retry < TRIES; retry++) {
    api.hold(PROFILE);
    await api.fail();
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot) {
  await waitFor(
    () => {
      const member = bar().getByText(/^Signed in as/).parentElement!;
      expect(member).toHaveTextContent(
        `Signed in as ${expected.matches('named') ? NAME : staff.email}`,
      );
      if (expected.hasTag('busy')) expect(member).toHaveAttribute('aria-busy', 'true');
      else expect(member).not.toHaveAttribute('aria-busy');
      const menu = within(bar().getByRole('navigation', { name: 'Staff workspace' }));
      expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(
        staffSections.map(({ label }) => label),
      );
      for (const { to, label } of staffSections)
        expect(menu.getByRole('link', { name: label })).toHaveAttribute('href', to);
      expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
      expect(bar().getByRole('link', { name: 'Staff workspace' })).toHaveAttribute(
        'href',
        '/staff',
      );
      expect(bar().getByRole('button', { name: 'Log out' })).toBeEnabled();
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/staff top bar', {
  machine: staffShellMachine,
  input: undefined as never,
  events: [
    { type: 'xstate.done.actor.loadName', output: NAME },
    { type: 'xstate.error.actor.loadName', error: new Error('offline') },
  ],
  shows: {
    'staffShell.naming':
      '"Signed in as <email>", busy; the sections Overview, Orders, Applications, Subscribers, Prices and "Log out"',
    'staffShell.named': '"Signed in as <full name>"; the sections and "Log out"',
    'staffShell.unnamed': '"Signed in as <email>", not busy; the sections and "Log out"',
  },
  open,
  perform,
  check,
  cleanup: () => api.releaseAll(),
});
