/**
 * The crew's page without network (docs/crew-phone.md, "Without network"), against the real
 * server: On the way and Arrived tapped while the phone is offline wait on the phone with the
 * time they were taken, the stop moves on meanwhile, the queue outlives a reload, and both go in
 * order as soon as the page hears the network is back; the server records the times taken.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../src/api/storage';
import type { QueuedAction } from '../../src/machines/crewQueue';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: Customer;
let member: Customer;
let customer: Customer;
let crewId: string;
let reference: string;

async function ok(path: string, payload: Record<string, unknown>) {
  const answer = await post(server, path, payload, staff.token);
  if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await signUpStaff(server);
  member = await signUp(server);
  customer = await signUp(server);
  const crew = await ok('staff/crews', {
    name: 'Ikeja bike',
    vehicle: 'motorbike',
    plate: 'KJA 1',
  });
  crewId = crew.id;
  await ok(`staff/crews/${crewId}/members`, { email: member.email });
  reference = await assignedJob();
});

/** A delivery booked and given to the member's crew for tomorrow. */
async function assignedJob() {
  const booked = await bookDelivery(server, customer.token);
  await ok(`staff/orders/${booked}/assignment`, {
    crew_id: crewId,
    date: inDays(1),
    window_start: '09:00',
    window_end: '11:00',
  });
  return booked;
}
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const session = (): StoredSession => ({
  token: member.token,
  id: String(member.id),
  profileImage: '',
  email: member.email,
  role: 'crew',
});
const kept = (): QueuedAction[] =>
  JSON.parse(localStorage.getItem(`crewOutbox:${member.id}`) ?? '[]');
const lagosClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

async function pickupCard(of = reference) {
  const job = (await screen.findByText(of, {}, { timeout: 10_000 })).closest('article')!;
  // The first stop, the pickup (the list items inside a stop come after it).
  return within(within(job).getAllByRole('listitem')[0]!);
}

describe('the crew’s page without network', () => {
  it('keeps On the way and Arrived on the phone, then sends both in order when the network is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = renderApp('/crew', { apiUrl: server.apiUrl, session: session() });
    let pickup = await pickupCard();
    await first.user.click(pickup.getByRole('button', { name: 'On the way' }));
    // The stop moves on: Arrived is offered at once, without an answer.
    await first.user.click(
      await pickup.findByRole('button', { name: 'Arrived' }, { timeout: 10_000 }),
    );
    await pickup.findByText('Arrived', { selector: '.crew-state' });
    const queued = kept();
    expect(queued.map(({ stopId, request }) => [stopId, request.type])).toEqual([
      [queued[0]!.stopId, 'on_the_way'],
      [queued[0]!.stopId, 'arrived'],
    ]);
    expect(new Set(queued.map(({ key }) => key)).size).toBe(2);
    for (const { request } of queued)
      expect(
        await pickup.findByText(
          `${request.type === 'arrived' ? 'Arrived' : 'On the way'}: Waiting for network… (taken ${lagosClock(request.taken_at)})`,
        ),
      ).toBeInTheDocument();
    expect(screen.getByText(/No network: 2 actions wait on this phone/)).toBeInTheDocument();
    // Nothing reached the server.
    const before = (await get(server, `staff/orders/${reference}`, staff.token)).body.data;
    expect(before.history.some((line: { event: string }) => line.event === 'on_the_way')).toBe(
      false,
    );

    // A reload, still offline: the actions are still there, and so is the stop's state.
    first.unmount();
    const second = renderApp('/crew', { apiUrl: server.apiUrl, session: session() });
    pickup = await pickupCard();
    await pickup.findByText('Arrived', { selector: '.crew-state' });
    expect(pickup.getAllByText(/Waiting for network…/)).toHaveLength(2);

    // Back online: the page hears it and sends both, in order, with their times.
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(kept()).toEqual([]), { timeout: 10_000 });
    await waitFor(() =>
      expect(pickup.queryByRole('list', { name: 'Waiting on this phone' })).toBeNull(),
    );
    expect(screen.queryByText(/No network: /)).toBeNull();
    await pickup.findByText('Arrived', { selector: '.crew-state' });
    expect(pickup.getByRole('button', { name: 'Picked up' })).toBeInTheDocument();
    const after = (await get(server, `staff/orders/${reference}`, staff.token)).body.data;
    const crewLines = after.history.filter((line: { by: string }) => line.by === 'crew');
    expect(crewLines.map((line: { event: string }) => line.event)).toEqual(
      queued.map(({ request }) => request.type),
    );
    // Each at the time it was taken, read on the server's clock by the phone's sent_at: later by
    // no more than the time from the phone's clock reading to the server's (docs/crews.md).
    crewLines.forEach((line: { at: string }, index: number) => {
      const lag = Date.parse(line.at) - Date.parse(queued[index]!.request.taken_at);
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(5_000);
    });
    second.unmount();
  });

  it('stops at an action the server refuses, with its message, until the crew member removes it', async () => {
    const other = await assignedJob();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderApp('/crew', { apiUrl: server.apiUrl, session: session() });
    const pickup = await pickupCard(other);
    await user.click(pickup.getByRole('button', { name: 'On the way' }));
    await pickup.findByText(/On the way: Waiting for network…/);
    const [queued] = kept();
    // Meanwhile a crewmate's phone, with network, records it first.
    const first = await post(
      server,
      `crew/stops/${queued!.stopId}/events`,
      { type: 'on_the_way' },
      member.token,
    );
    expect(first.status).toBe(200);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // Refused (409): shown at the stop with the server's words, kept until the crew member acts.
    const problem = await pickup.findByText(
      `On the way (taken ${lagosClock(queued!.request.taken_at)}) was not recorded:`,
      {},
      { timeout: 10_000 },
    );
    expect(problem.closest('[role="alert"]')).toHaveTextContent(/On the way comes after/);
    expect(kept()).toEqual([queued]);
    await user.click(pickup.getByRole('button', { name: 'Remove On the way' }));
    await waitFor(() => expect(kept()).toEqual([]));
    // The list loads again: the stop as the server has it.
    await pickup.findByText('On the way', { selector: '.crew-state' }, { timeout: 10_000 });
    expect(await pickup.findByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    expect(pickup.queryByRole('list', { name: 'Waiting on this phone' })).toBeNull();
  });

  it('opened again where there is no network, shows the jobs last seen on this phone, marked, and queues', async () => {
    const other = await assignedJob();
    // With network: the jobs load, and the phone keeps them.
    const first = renderApp('/crew', { apiUrl: server.apiUrl, session: session() });
    await pickupCard(other);
    const seen = JSON.parse(localStorage.getItem(`crewJobs:${member.id}`) ?? 'null');
    expect(seen.jobs.map((job: { reference: string }) => job.reference)).toContain(other);
    first.unmount();

    // Reopened without network: nothing answers (a port nobody listens on).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderApp('/crew', { apiUrl: 'http://127.0.0.1:9', session: session() });
    const pickup = await pickupCard(other);
    expect(
      await screen.findByText(
        `Offline, as of ${lagosClock(seen.at)}: the jobs as last loaded on this phone. Actions wait on the phone until the network is back.`,
      ),
    ).toBeInTheDocument();
    await user.click(pickup.getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(kept().map(({ request }) => request.type)).toEqual(['on_the_way']));
    expect(kept()[0]!.stopId).toBe(
      seen.jobs.find((job: { reference: string }) => job.reference === other).stops[0].id,
    );
    await pickup.findByText('On the way', { selector: '.crew-state' });
  });
});
