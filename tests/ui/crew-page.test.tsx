/**
 * The crew's phone page (/crew) against the real server: who may open it, the day's jobs with
 * their stops, and a drop-off worked from On the way to Delivered (a wrong code, then without
 * the code), and a failure with its reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAILURE_NOTE_MESSAGE } from '../../src/api/contract';
import { inDays, PNG, post, scheduledDelivery, signUp, type Customer } from '../support/api';
import { assign, makeCrew } from '../support/crews';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { dayHeading, lagosToday } from '../../src/ui/crew/labels';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: Customer;
let customer: Customer;
let member: Customer;

/** A crew with `member` in it, and a booked delivery assigned to it for tomorrow. */
async function assignedJob(crewId: string): Promise<string> {
  const reference = await bookDelivery(server, customer.token);
  const assigned = await assign(server, staff.token, reference, crewId, {
    date: inDays(1),
    window_start: '09:00',
    window_end: '11:00',
  });
  if (assigned.status !== 200) throw new Error(JSON.stringify(assigned.body));
  return reference;
}

let crewId: string;
beforeAll(async () => {
  // Photos go with their progress on the page's XMLHttpRequest, which jsdom holds to CORS as a
  // browser would: the server lets jsdom's origin call it.
  server = await startTestServer({ corsOrigins: [window.location.origin] });
  staff = await signUpStaff(server);
  customer = await signUp(server);
  member = await signUp(server);
});
afterAll(() => server.close());

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const main = () => within(screen.getByRole('main'));
const jobCard = async (reference: string) =>
  (await main().findByText(reference, {}, { timeout: 10_000 })).closest('article')!;

describe('the days the page names', () => {
  it('counts today and tomorrow in Lagos time, across midnight and the year’s end', () => {
    // 23:30 UTC is already 00:30 the next day in Lagos (UTC+1).
    expect(lagosToday(new Date('2026-11-27T23:30:00Z'))).toEqual({
      today: '2026-11-28',
      tomorrow: '2026-11-29',
    });
    expect(lagosToday(new Date('2026-12-31T22:59:00Z'))).toEqual({
      today: '2026-12-31',
      tomorrow: '2027-01-01',
    });
    const days = lagosToday(new Date('2027-02-28T12:00:00Z'));
    expect(days.tomorrow).toBe('2027-03-01');
    expect(dayHeading('2027-02-28', days)).toBe('Today, Sunday 28 February');
    expect(dayHeading('2027-03-01', days)).toBe('Tomorrow, Monday 1 March');
    expect(dayHeading('2027-03-02', days)).toBe('Tuesday 2 March');
  });
});

describe('who opens /crew', () => {
  it('tells a customer and a staff member the page is for the crews', async () => {
    for (const session of [sessionOf(customer, 'customer'), sessionOf(staff, 'staff')]) {
      const view = renderApp('/crew', { apiUrl: server.apiUrl, session });
      await heading('Not allowed');
      expect(main().getByText(/for the company's delivery crews/)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('gives a crew member the Jobs link in the header', async () => {
    renderApp('/profile', { apiUrl: server.apiUrl, session: sessionOf(member, 'crew') });
    const link = await within(screen.getByRole('banner')).findByRole(
      'link',
      { name: 'Jobs' },
      { timeout: 10_000 },
    );
    expect(link).toHaveAttribute('href', '/crew');
  });
});

describe('the crew member’s day', () => {
  // The member's crew, made by staff as the workspace does.
  beforeAll(async () => {
    const crew = await makeCrew(server, staff.token, {
      name: 'Lekki van',
      plate: 'LND 123 AB',
      members: [member.email],
    });
    crewId = crew.id;
  });

  it('lists the assigned job with its window, payment, and each stop with Call, WhatsApp and Map', async () => {
    const reference = await assignedJob(crewId);
    renderApp('/crew', { apiUrl: server.apiUrl, session: sessionOf(member, 'crew') });
    await heading('Your jobs');
    const job = within(await jobCard(reference));
    expect(job.getByText('09:00–11:00')).toBeInTheDocument();
    expect(job.getByText(/Not paid yet|Paid: collect no money/)).toBeInTheDocument();
    expect(main().getByRole('heading', { level: 2, name: /^Tomorrow, / })).toBeInTheDocument();
    const stops = job.getAllByRole('listitem');
    expect(within(stops[0]!).getByText('Pick-up')).toBeInTheDocument();
    expect(within(stops[1]!).getByText('Drop-off')).toBeInTheDocument();
    for (const stop of stops) {
      const links = within(stop);
      expect(links.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
      expect(links.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\d+$/,
      );
      expect(links.getByRole('link', { name: 'Map' }).getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
      );
      expect(links.getByText('Not started')).toBeInTheDocument();
    }
  });

  it("shows a stop's landmark note under its address, and nothing where the customer gave none", async () => {
    const booked = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), delivery_landmark: 'Opposite Total filling station, blue gate' },
      customer.token,
    );
    const reference = booked.body.data.reference_number as string;
    const assigned = await assign(server, staff.token, reference, crewId, {
      date: inDays(1),
      window_start: '12:00',
      window_end: '14:00',
    });
    expect(assigned.status).toBe(200);
    renderApp('/crew', { apiUrl: server.apiUrl, session: sessionOf(member, 'crew') });
    await heading('Your jobs');
    const [pickup, dropoff] = within(await jobCard(reference)).getAllByRole('listitem');
    const address = within(dropoff!).getByText(scheduledDelivery().delivery_address);
    const landmark = within(dropoff!).getByText(
      'Landmark: Opposite Total filling station, blue gate',
    );
    // Under the address, before whom to call.
    expect(address.nextElementSibling).toBe(landmark);
    expect(within(pickup!).queryByText(/^Landmark:/)).toBeNull();
  });

  it('works a delivery: picked up, then on the way, a wrong code, and delivered without the code', async () => {
    const reference = await assignedJob(crewId);
    const { user } = renderApp('/crew', {
      apiUrl: server.apiUrl,
      session: sessionOf(member, 'crew'),
    });
    const job = within(await jobCard(reference));
    const [pickup, dropoff] = job.getAllByRole('listitem').map((stop) => within(stop));
    await user.click(pickup!.getByRole('button', { name: 'On the way' }));
    await user.click(
      await pickup!.findByRole('button', { name: 'Picked up' }, { timeout: 10_000 }),
    );
    await pickup!.findByText('Picked up', { selector: '.crew-state' }, { timeout: 10_000 });

    await user.click(dropoff!.getByRole('button', { name: 'On the way' }));
    await user.click(await dropoff!.findByRole('button', { name: 'Arrived' }, { timeout: 10_000 }));
    await user.click(
      await dropoff!.findByRole('button', { name: 'Delivered' }, { timeout: 10_000 }),
    );
    // The delivery's form loads with the first Delivered.
    const code = await dropoff!.findByLabelText(/Code from the receiver/, {}, { timeout: 10_000 });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // A code the receiver was not sent (1 chance in 10,000 to be theirs): refused with the tries left.
    await user.type(code, '0000');
    await user.click(dropoff!.getByRole('button', { name: 'Confirm delivery' }));
    // The form is drawn again after the answer: the field is read again.
    const codeNow = () => dropoff!.getByLabelText(/Code from the receiver/);
    await waitFor(() => expect(codeNow()).toHaveAttribute('aria-invalid', 'true'), {
      timeout: 10_000,
    });
    expect(codeNow()).toHaveValue('0000');

    await user.click(dropoff!.getByRole('button', { name: 'Deliver without the code' }));
    await user.click(dropoff!.getByRole('button', { name: 'Confirm delivery' }));
    expect(await dropoff!.findByText(/Please enter the name/)).toBeInTheDocument();
    await user.type(dropoff!.getByLabelText(/Receiver’s name/), 'Chidi Okafor');
    await user.upload(
      dropoff!.getByLabelText('Photo of the handover'),
      new File([PNG], 'handover.png', { type: 'image/png' }),
    );
    await dropoff!.findByRole('img', { name: 'Photo 1' }, { timeout: 10_000 });
    await user.click(dropoff!.getByRole('button', { name: 'Confirm delivery' }));
    await dropoff!.findByText('Delivered', { selector: '.crew-state' }, { timeout: 10_000 });
    expect(dropoff!.queryByRole('button')).toBeNull();
  });

  it('reports a failed stop with its reason, asking what happened for Other', async () => {
    const reference = await assignedJob(crewId);
    const { user } = renderApp('/crew', {
      apiUrl: server.apiUrl,
      session: sessionOf(member, 'crew'),
    });
    const job = within(await jobCard(reference));
    const pickup = within(job.getAllByRole('listitem')[0]!);
    // A stop may fail before the crew sets off (the customer called it off).
    await user.click(pickup.getByRole('button', { name: 'Failed' }));
    // The failure's form loads with the first Failed.
    await user.click(await pickup.findByRole('radio', { name: 'Other' }, { timeout: 10_000 }));
    await user.click(pickup.getByRole('button', { name: 'Report failure' }));
    expect(await pickup.findByText(FAILURE_NOTE_MESSAGE)).toBeInTheDocument();
    await user.type(pickup.getByLabelText(/What happened/), 'The shop was closed all day.');
    await user.click(pickup.getByRole('button', { name: 'Report failure' }));
    await pickup.findByText('Failed', { selector: '.crew-state' }, { timeout: 10_000 });
  });
});
