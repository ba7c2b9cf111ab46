/**
 * The staff Overview (/staff): the paths of staffOverviewMachine's graph through the page, signed
 * in as staff, against the real server behind the gate (./heldApi.ts): counts are the server's
 * (a delivery is booked before each new count, so a refresh is seen to change "Need a price"), a
 * failed count the gate answering 403 with the server's words for someone no longer staff (a GET
 * that gets no answer is tried again). The minute between counts is jumped on a fake clock that
 * otherwise runs with real time.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { overviewCounts, type Overview } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { staffOverviewMachine } from '../../src/machines/staffOverviewMachine';
import { queueLink } from '../../src/ui/pages/StaffOverviewPage';
import { STAFF_ONLY_MESSAGE } from '../../server/accounts/auth';
import { get, type Customer } from '../support/api';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { graphViewSuite, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
let customer: Customer;
let held: HeldServer;
beforeAll(async () => {
  held = await startHeldServer();
  ({ server, api, staff, customer } = held);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => held.close());

/** A GET that gets no answer is tried again, so a failed count is the server's refusal for someone no longer staff. */
const forbidden = new ApiError([STAFF_ONLY_MESSAGE], {}, 403);
const counts = (unpriced: number): Overview => ({
  unpriced,
  awaiting_answer: 0,
  expiring_today: 0,
  unpaid: 0,
  jobs_today: 0,
  jobs_tomorrow: 0,
  refunds_due: 0,
  unassigned_today: 0,
  attention: 0,
  today: '2026-11-25',
  tomorrow: '2026-11-26',
});
/** Each tile's label, as the page writes it after the number. */
const labels: Record<(typeof overviewCounts)[number], string> = {
  unpriced: 'Need a price',
  awaiting_answer: 'Waiting for the customer',
  expiring_today: 'Offers ending today',
  unpaid: 'Accepted, not fully paid',
  refunds_due: 'Refunds due',
  jobs_today: 'Pickups and moves today',
  jobs_tomorrow: 'Pickups and moves tomorrow',
  unassigned_today: 'Jobs today with no crew',
  attention: 'Need attention',
};

/** The Overview's call (the shell's own call for the name passes the gate). */
const COUNTS = /\/staff\/overview/;
const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const tile = (count: keyof typeof labels) =>
  main().getByRole('link', { name: new RegExp(`^\\d+\\s*${labels[count]}:`) });

async function open(path: GraphPath) {
  const waits = path.steps.some((step) => step.event.type.startsWith('xstate.after.'));
  if (waits) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  // The first count is held: the page is seen counting, then the path says how it ends.
  api.hold(COUNTS);
  const app = renderApp('/staff', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 });
  /** The counts the server gave the page last (what it must show). */
  return { ...app, counts: null as Overview | null, counting: false };
}
type Page = Awaited<ReturnType<typeof open>>;

/** Books one more order that needs a price, then lets the held count through: the server's counts. */
async function countAnew(page: Page) {
  await bookDelivery(server, customer.token);
  page.counts = (await get(server, 'staff/overview', staff.token)).body.data as Overview;
  return api.release();
}

async function perform(page: Page, event: EventObject) {
  // Every count is held, also one a path ends waiting for: cleanup lets it go before the next path.
  page.counting = !isAnswer(event);
  if (page.counting) api.hold(COUNTS);
  switch (event.type) {
    case 'refresh':
      return page.user.click(main().getByRole('button', { name: 'Count again' }));
    case 'retry':
      return page.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'xstate.after.refreshEvery.staffOverview.shown':
      return act(async () => {
        vi.advanceTimersByTime(60_000);
      });
    case 'xstate.done.actor.loadOverview':
    case 'xstate.done.actor.refreshOverview':
      return countAnew(page);
    case 'xstate.error.actor.loadOverview':
    case 'xstate.error.actor.refreshOverview':
      return api.answer(403, { message: STAFF_ONLY_MESSAGE });
  }
}

async function check(page: Page, expected: AnyMachineSnapshot) {
  const { messages } = expected.context as { messages: string[] };
  await waitFor(
    () => {
      const waiting = main().queryByRole('status');
      const alert = main().queryByRole('alert');
      if (expected.matches('loading')) {
        expect(waiting).toHaveTextContent('Counting what needs doing…');
        expect(main().queryByRole('link')).toBeNull();
        expect(alert).toBeNull();
        return;
      }
      expect(waiting).toBeNull();
      if (expected.matches('failed')) {
        expect(alert).toHaveTextContent(messages.join(''));
        expect(within(alert!).getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(main().queryByRole('link')).toBeNull();
        return;
      }
      // Shown or counting again: the counts the server gave last, each linking to its queue.
      for (const count of overviewCounts) {
        expect(tile(count)).toHaveTextContent(new RegExp(`^${page.counts![count]}`));
        expect(tile(count)).toHaveAttribute('href', queueLink(count, page.counts!));
      }
      expect(main().getByText(/counted/)).toBeInTheDocument();
      const busy = expected.matches('refreshing');
      const button = main().getByRole('button', { name: busy ? 'Counting…' : 'Count again' });
      if (busy) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
      if (messages.length)
        expect(alert).toHaveTextContent(`These counts may be out of date: ${messages.join(' ')}`);
      else expect(alert).toBeNull();
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/staff Overview', {
  machine: staffOverviewMachine,
  input: undefined as never,
  events: [
    { type: 'xstate.done.actor.loadOverview', output: counts(1) },
    { type: 'xstate.error.actor.loadOverview', error: forbidden },
    { type: 'xstate.done.actor.refreshOverview', output: counts(2) },
    { type: 'xstate.error.actor.refreshOverview', error: forbidden },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      shown: snapshot.context.overview?.unpriced ?? null,
      stale: snapshot.context.messages.length > 0,
    }),
  limit: 6,
  afterCoverage: 0,
  shows: {
    'staffOverview.loading': '"Counting what needs doing…", no counts',
    'staffOverview.shown':
      'each count the server gave, a link to its queue; "counted <time>", "Count again"; after a failed count "These counts may be out of date: …"',
    'staffOverview.refreshing': 'the counts shown before, "Counting…" disabled',
    'staffOverview.failed': 'what went wrong and "Try again", no counts',
  },
  open,
  perform,
  check,
  cleanup: async (page) => {
    if (page.counting) await api.release();
    api.releaseAll();
  },
});
