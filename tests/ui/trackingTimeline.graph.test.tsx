/**
 * The tracking timeline on /package-details: the paths of trackingTimelineMachine's graph
 * through the page, from each status a shipment can be looked up in. Each path books its own
 * delivery on the real server and staff move it (tests/support/shipments.ts); a newer answer
 * (`timeline.update`) is staff moving it on, forward only as the server allows, then the
 * customer pressing Refresh status. The dates the page shows are checked against the server's
 * own answer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  nextStatuses,
  statusLabels,
  type ShipmentStatus,
  type TrackingResult,
} from '../../src/api/contract';
import {
  trackingTimelineMachine,
  type TimelineSource,
} from '../../src/machines/trackingTimelineMachine';
import { formatLagosDate } from '../../src/ui/tracking/format';
import { form, post, signUp, type Customer } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { bookDelivery, setStatus } from '../support/shipments';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(() => server.close());

const statuses: ShipmentStatus[] = ['ToInspect', 'Shipped', 'Delivered', 'Cancelled'];
/** The graph's answer for each status; the page's come from the server. */
const source = (status: ShipmentStatus): TimelineSource => ({
  status,
  createdAt: '2025-03-05T08:30:00.000Z',
  updatedAt: '2025-03-06T08:30:00.000Z',
  history: [],
});
const stateOf: Record<string, ShipmentStatus> = {
  toInspect: 'ToInspect',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** The statuses after `from` the server moves through to `to` (none when it is `to`); null when it cannot go there. */
function movesTo(from: ShipmentStatus, to: ShipmentStatus): ShipmentStatus[] | null {
  if (from === to) return [];
  for (const next of nextStatuses[from]) {
    const rest = movesTo(next, to);
    if (rest) return [next, ...rest];
  }
  return null;
}
const statusOfEvent = (event: EventObject) =>
  (event as unknown as { source: TimelineSource }).source.status;

const main = () => within(screen.getByRole('main'));
const lookUp = async (reference: string) =>
  (await post(server, 'users/tracking/status', form({ reference_id: reference }))).body
    .data as TrackingResult;

async function moveOn(reference: string, from: ShipmentStatus, to: ShipmentStatus) {
  for (const status of movesTo(from, to)!) await setStatus(server, reference, status);
}

async function open(path: GraphPath) {
  const { status } = inputOf(path) as TimelineSource;
  const reference = await bookDelivery(server, customer.token);
  await moveOn(reference, 'ToInspect', status);
  const app = renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
  await main().findByRole('button', { name: 'Refresh status' }, { timeout: 10_000 });
  /** The shipment as the server last answered it. */
  return { ...app, reference, answer: await lookUp(reference) };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject) {
  // Staff move it on as far as the answer says (forward only), then the customer refreshes.
  await moveOn(page.reference, page.answer.status, statusOfEvent(event));
  page.answer = await lookUp(page.reference);
  await page.user.click(main().getByRole('button', { name: 'Refresh status' }));
}

async function check(page: Page, expected: AnyMachineSnapshot) {
  const reached = stateOf[expected.value as string]!;
  const steps: ShipmentStatus[] =
    reached === 'Cancelled' ? ['ToInspect', 'Cancelled'] : ['ToInspect', 'Shipped', 'Delivered'];
  const { history } = page.answer;
  /** When the server says the shipment reached `status` (the first step: when it was booked). */
  const dateOf = (status: ShipmentStatus) =>
    status === 'ToInspect'
      ? page.answer['date created']
      : history.filter((entry) => entry.status === status).at(-1)!.date;
  await waitFor(
    () => {
      expect(main().getByRole('button', { name: 'Refresh status' })).toBeEnabled();
      const timeline = main().getByRole('list', { name: 'Shipment timeline' });
      const items = within(timeline).getAllByRole('listitem');
      expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
        steps.map((status) => statusLabels[status]),
      );
      const at = steps.indexOf(reached);
      steps.forEach((status, index) => {
        const item = items[index]!;
        const marker = item.querySelector('.timeline-marker');
        if (index > at) {
          expect(item).toHaveTextContent(`${index + 1}${statusLabels[status]}Pending`);
          expect(item).not.toHaveAttribute('aria-current');
          return;
        }
        // Reached: ticked (a cross for Cancelled) and dated in Lagos time; the last one is current.
        expect(marker).toHaveTextContent(status === 'Cancelled' ? '✕' : '✓');
        const time = within(item).getByText(formatLagosDate(dateOf(status)));
        expect(time).toHaveAttribute('datetime', dateOf(status));
        if (index === at) expect(item).toHaveAttribute('aria-current', 'step');
        else expect(item).not.toHaveAttribute('aria-current');
      });
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/package-details timeline', {
  machine: trackingTimelineMachine,
  input: source('ToInspect'),
  inputs: statuses.map(source),
  // `status` beside the answer only names the step in the test's title.
  events: statuses.map((status) => ({ type: 'timeline.update', status, source: source(status) })),
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  // The server moves a shipment forward only: an older answer never comes.
  offered: (event, state) => {
    const from = stateOf[state.value as string];
    return !from || movesTo(from, statusOfEvent(event)) !== null;
  },
  limit: 8,
  afterCoverage: 0,
  shows: {
    'trackingTimeline.starting': 'nothing of its own: it starts at the status looked up',
    'trackingTimeline.toInspect':
      'To Inspect ticked, dated and current; Shipped and Delivered numbered and "Pending"',
    'trackingTimeline.shipped':
      'To Inspect and Shipped ticked and dated, Shipped current; Delivered "Pending"',
    'trackingTimeline.delivered': 'all three ticked and dated, Delivered current',
    'trackingTimeline.cancelled': 'To Inspect ticked and dated, then Cancelled (a cross), current',
  },
  open,
  perform,
  check,
});
