/**
 * The order queue (/staff/orders): the paths of staffListMachine's graph through its search box,
 * Status filter, "Clear filters", "Show more" and "Try again", signed in as staff, with every
 * page of rows held at the gate (./heldApi.ts). The graph's pages (one row with more to come,
 * one last row, none) are answered by the gate with two orders the real server lists, so the
 * page is seen with any of them whatever the filter; a failed page is the gate answering 403
 * with the server's words for someone no longer staff. At each step the address, the fields,
 * the rows, "Show more" and what the list says must be the state's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StaffOrder } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { staffListMachine, type Page as ListPage } from '../../src/machines/staffListMachine';
import { searchOf } from '../../src/ui/staff/useStaffList';
import { STAFF_ONLY_MESSAGE } from '../../server/accounts/auth';
import { get, signUp, type Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { field, toast } from '../support/view/page';
import { graphViewSuite, type GraphViewOptions } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
/** The server's answer listing two orders, newest first. */
let listed: { data: StaffOrder[]; next_cursor: string | null };
let held: HeldServer<{ staff: true }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: true });
  ({ server, api, staff } = held);
  const customer = await signUp(server);
  await bookDelivery(server, customer.token);
  await bookDelivery(server, customer.token);
  listed = (await get(server, 'staff/orders', staff.token)).body;
  expect(listed.data).toHaveLength(2);
});
afterAll(() => held.close());

type Row = { reference_number: string };
/** The graph's rows (as in the machine's suite); the page shows a real order for each. */
const FIRST = 'RL-ABCDEFGH23';
const LAST = 'RL-BCDEFGHJ34';
const firstPage: ListPage<Row> = { rows: [{ reference_number: FIRST }], nextCursor: 'c1' };
const lastPage: ListPage<Row> = { rows: [{ reference_number: LAST }], nextCursor: null };
/** The queue's filters, as the page reads them from the address (StaffQueuePage). */
const FILTERS = [
  'status',
  'service_type',
  'price',
  'payment_state',
  'job_from',
  'job_to',
  'sort',
  'dir',
];
const opened = { filters: Object.fromEntries(FILTERS.map((name) => [name, ''])), q: '' };
const forbidden = new ApiError([STAFF_ONLY_MESSAGE], {}, 403);
/** The queue's own call (the bar's call for the name passes the gate). */
const ORDERS = /\/staff\/orders/;

const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);
const searchBox = () => main().getByRole('searchbox', { name: /^Search/ });
/** The real order the page shows for a graph row. */
const realOf = (sample: string) => listed.data[sample === FIRST ? 0 : 1]!;

async function open() {
  api.hold(ORDERS);
  const app = renderApp('/staff/orders', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 10_000 });
  /** Whether a page of rows is held at the gate (let go after the path). */
  return { ...app, loading: true };
}
type Page = Awaited<ReturnType<typeof open>>;

/** Holds the page of rows `act` asks for, until the path says how it ends. */
async function loads(page: Page, act: () => Promise<unknown>) {
  api.hold(ORDERS);
  page.loading = true;
  return act();
}

async function perform(page: Page, event: EventObject) {
  const click = (name: string) => page.user.click(main().getByRole('button', { name }));
  if (isAnswer(event)) page.loading = false;
  switch (event.type) {
    case 'filter.change': {
      const { values } = event as unknown as { values: Record<string, string> };
      return loads(page, () => page.user.selectOptions(field('Status'), values.status!));
    }
    case 'search.change': {
      const { value } = event as unknown as { value: string };
      await page.user.clear(searchBox());
      if (value) await page.user.type(searchBox(), value);
      return;
    }
    case 'search.submit':
      return loads(page, () => click('Search'));
    case 'address.change':
      return loads(page, () =>
        page.user.click(main().getByRole('link', { name: 'Clear filters' })),
      );
    case 'more':
      return loads(page, () => click('Show more'));
    case 'retry':
      return loads(page, () => click('Try again'));
    case 'xstate.done.actor.loadPage':
    case 'xstate.done.actor.loadMore': {
      const { output } = event as unknown as { output: ListPage<Row> };
      return api.answer(200, {
        ...listed,
        data: output.rows.map(({ reference_number }) => realOf(reference_number)),
        next_cursor: output.nextCursor,
      });
    }
    case 'xstate.error.actor.loadPage':
    case 'xstate.error.actor.loadMore':
      return api.answer(403, { message: STAFF_ONLY_MESSAGE });
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { filters, searchText, q, rows, nextCursor, messages } = expected.context as {
    filters: Record<string, string>;
    searchText: string;
    q: string;
    rows: Row[];
    nextCursor: string | null;
    messages: string[];
  };
  const filtered = q !== '' || Boolean(filters.status);
  if (event.type === 'xstate.error.actor.loadMore') await toast(messages.join(' '));
  await waitFor(
    () => {
      // The address holds what the rows are of; the fields what was chosen and typed.
      expect(page.location().search).toBe(searchOf(FILTERS, { filters, q }));
      expect(searchBox()).toHaveValue(searchText);
      expect(field('Status')).toHaveValue(filters.status ?? '');
      const clear = main().queryByRole('link', { name: 'Clear filters' });
      if (filtered) expect(clear).toHaveAttribute('href', '/staff/orders');
      else expect(clear).toBeNull();
      const table = main().queryByRole('table');
      const waiting = main().queryByRole('status');
      const alert = main().queryByRole('alert');
      if (expected.matches('loading')) {
        expect(waiting).toHaveTextContent('Loading orders…');
        expect([table, alert]).toEqual([null, null]);
      } else if (expected.matches('failed')) {
        expect(alert).toHaveTextContent(messages.join(''));
        expect(within(alert!).getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect([table, waiting]).toEqual([null, null]);
      } else if (expected.matches('empty')) {
        expect(main().getByText(filtered ? 'No orders match.' : 'No orders yet.')).toBeVisible();
        expect([table, waiting, alert]).toEqual([null, null, null]);
      } else {
        // Listed (the rows stay while the next page comes): each row links to its order.
        const references = within(table!)
          .getAllByRole('rowheader')
          .map((cell) => within(cell).getByRole('link'));
        expect(references.map((link) => link.textContent)).toEqual(
          rows.map(({ reference_number }) => realOf(reference_number).reference_number),
        );
        for (const link of references)
          expect(link).toHaveAttribute('href', `/staff/orders/${link.textContent}`);
        const busy = expected.matches('loadingMore');
        const more = main().queryByRole('button', { name: busy ? 'Loading more...' : 'Show more' });
        if (busy) expect(more).toBeDisabled();
        else if (nextCursor) expect(more).toBeEnabled();
        else expect(more).toBeNull();
        expect(waiting).toBeNull();
      }
    },
    { timeout: 5000 },
  );
}

const queue: GraphViewOptions<typeof staffListMachine, Page> = {
  machine: staffListMachine,
  input: opened,
  events: [
    { type: 'xstate.done.actor.loadPage', output: firstPage },
    { type: 'xstate.done.actor.loadPage', output: lastPage },
    { type: 'xstate.done.actor.loadPage', output: { rows: [], nextCursor: null } },
    { type: 'xstate.error.actor.loadPage', error: forbidden },
    { type: 'xstate.done.actor.loadMore', output: lastPage },
    { type: 'xstate.error.actor.loadMore', error: forbidden },
    { type: 'filter.change', values: { status: 'Shipped' } },
    { type: 'search.change', value: 'ada@example.com' },
    { type: 'search.change', value: '  ada@example.com ' },
    { type: 'address.change', ...opened },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      rows: snapshot.context.rows.length,
      more: snapshot.context.nextCursor !== null,
      filtered: snapshot.context.filters.status !== '',
      typed: snapshot.context.searchText !== '',
      searched: snapshot.context.q !== '',
      failed: snapshot.context.messages.length > 0,
    }),
  // One page of rows at a time: filters and search are used once the list has answered;
  // "Clear filters" (the address the page opened with) shows only on a filtered list.
  offered: (event, state) => {
    const answered = !state.hasTag('busy');
    const { filters, q, nextCursor } = state.context as {
      filters: Record<string, string>;
      q: string;
      nextCursor: string | null;
    };
    switch (event.type) {
      case 'filter.change':
        return answered && !filters.status;
      case 'search.change':
      case 'search.submit':
        return answered;
      case 'address.change':
        return answered && (q !== '' || Boolean(filters.status));
      case 'more':
        return nextCursor !== null;
      default:
        return true;
    }
  },
  limit: 10,
  afterCoverage: 0,
  shows: {
    'staffList.loading': '"Loading orders…", no rows',
    'staffList.loaded': 'nothing of its own: it decides at once',
    'staffList.listed':
      'a row per order, its reference linking to /staff/orders/<reference>; "Show more" when there are more',
    'staffList.loadingMore': 'the rows shown, "Loading more..." disabled',
    'staffList.empty': '"No orders match." (filtered) or "No orders yet."',
    'staffList.failed': 'what went wrong and "Try again", no rows',
  },
  open,
  perform,
  check,
  cleanup: async (page) => {
    if (page.loading) await api.release();
    api.releaseAll();
  },
};
graphViewSuite('/staff/orders queue', queue);
