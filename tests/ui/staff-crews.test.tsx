/**
 * The staff side of the day's work against the real server (docs/crews.md): /staff/crews (make a
 * crew, add and remove a member), /staff/dispatch?date= (the day's board, assigning from it with
 * the keyboard, the server's refusal of a window already started, conflicts as a warning) and the
 * Crew part of the staff order page, whose form loads when staff open it, and its Stops part,
 * where staff review a handover made without the code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WINDOW_ORDER_MESSAGE, WINDOW_PAST_MESSAGE } from '../../src/api/contract';
import type { StoredSession } from '../../src/api/storage';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { makeCrew } from '../support/crews';
import { bookDelivery } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { field, toast } from '../support/view/page';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let staff: StoredSession;
let customer: Customer;
/** An account that becomes a crew member on the crews page. */
let driver: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = sessionOf(await signUpStaff(server), 'staff');
  customer = await signUp(server);
  driver = await signUp(server);
});
afterAll(() => server.close());

const main = () => within(screen.getByRole('main'));
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('/staff/crews', () => {
  it('refuses a crew with no name or vehicle at the fields, then makes one; adds a member by email and removes them after confirming', async () => {
    const app = renderApp('/staff/crews', { apiUrl: server.apiUrl, session: staff });
    await heading('Crews');
    const make = await main().findByRole('button', { name: 'Make the crew' }, { timeout: 10_000 });
    await app.user.type(field('Plate number'), 'LAG 123 KJ');
    await app.user.click(make);
    await waitFor(() =>
      expect(field('Name')).toHaveAccessibleDescription('Please give the crew a name.'),
    );
    expect(field('Vehicle')).toHaveAccessibleDescription('Choose the crew’s vehicle.');
    await toast('Please give the crew a name.');
    expect(field('Plate number')).toHaveValue('LAG 123 KJ');

    await app.user.type(field('Name'), 'Van 1');
    await app.user.selectOptions(field('Vehicle'), 'van');
    await app.user.click(make);
    await toast('Crew Van 1 made.');
    const crew = await main().findByRole('region', { name: 'Van 1' }, { timeout: 5000 });
    expect(crew).toHaveTextContent('Van · plate LAG 123 KJ');
    expect(crew).toHaveTextContent('No members yet.');
    expect(field('Name')).toHaveValue('');

    // An email no account has: the server's answer at the field.
    const email = within(crew).getByLabelText(/^Add a member to Van 1/);
    await app.user.type(email, 'nobody-has-this@example.com');
    await app.user.click(within(crew).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveValue('nobody-has-this@example.com');

    await app.user.clear(email);
    await app.user.type(email, driver.email);
    await app.user.click(within(crew).getByRole('button', { name: 'Add member' }));
    const members = await within(crew).findByRole(
      'list',
      { name: 'Members of Van 1' },
      { timeout: 5000 },
    );
    expect(members).toHaveTextContent(driver.email);
    expect(members).toHaveTextContent('(lead)');
    expect(email).toHaveValue('');

    const remove = within(members).getByRole('button', { name: /^Remove / });
    await app.user.click(remove);
    const question = within(crew).getByRole('group', { name: /^Remove .* from Van 1\?/ });
    await app.user.click(within(question).getByRole('button', { name: 'Back' }));
    expect(within(crew).getByRole('list', { name: 'Members of Van 1' })).toBeInTheDocument();
    await app.user.click(within(members).getByRole('button', { name: /^Remove / }));
    await app.user.click(within(crew).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(crew).toHaveTextContent('No members yet.'));
    const { body } = await get(server, 'staff/crews', staff.token);
    expect(body.data.find((shown: { name: string }) => shown.name === 'Van 1').members).toEqual([]);
  });

  it('says when the crews cannot be loaded, and offers to try again', async () => {
    renderApp('/staff/crews', { apiUrl: 'http://127.0.0.1:9/api/v1', session: staff });
    await heading('Crews');
    const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('/staff/dispatch', () => {
  it("opens on the address's day, lists the unassigned job, and assigns it with the keyboard: the schema's and the server's refusals at the fields, then the job under its crew", async () => {
    const crew = await makeCrew(server, staff.token, { name: 'Board van' });
    const reference = await bookDelivery(server, customer.token);
    const day = inDays(1);
    const app = renderApp(`/staff/dispatch?date=${day}`, { apiUrl: server.apiUrl, session: staff });
    await heading('Dispatch');
    expect(main().getByLabelText('Day')).toHaveValue(day);
    const unassigned = await main().findByRole(
      'region',
      { name: /^No crew yet/ },
      { timeout: 10_000 },
    );
    await within(unassigned).findByRole('link', { name: reference }, { timeout: 10_000 });

    // Only the keyboard from here: to the job's Assign button, then through the form.
    const assign = within(unassigned).getByRole('button', { name: `Assign ${reference}` });
    assign.focus();
    await app.user.keyboard('{Enter}');
    const form = await main().findByRole(
      'form',
      { name: `Assign ${reference}` },
      { timeout: 10_000 },
    );
    const crewSelect = within(form).getByLabelText(/^Crew/);
    await waitFor(() => expect(crewSelect).toHaveFocus());
    await app.user.selectOptions(crewSelect, crew.id);
    expect(within(form).getByLabelText(/^Day/)).toHaveValue(day);
    await app.user.tab();
    await app.user.tab();
    await app.user.keyboard('10:00');
    await app.user.tab();
    await app.user.keyboard('09:00');
    await app.user.keyboard('{Enter}');
    const end = within(form).getByLabelText(/^Window ends/);
    await waitFor(() => expect(end).toHaveAccessibleDescription(new RegExp(WINDOW_ORDER_MESSAGE)));

    // Today at midnight has started already: the server says so at the window's start.
    const date = within(form).getByLabelText(/^Day/);
    await app.user.clear(date);
    await app.user.type(date, inDays(0));
    const start = within(form).getByLabelText(/^Window starts/);
    await app.user.clear(start);
    await app.user.type(start, '00:00');
    await app.user.clear(end);
    await app.user.type(end, '01:00');
    await app.user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription(WINDOW_PAST_MESSAGE), {
      timeout: 5000,
    });

    await app.user.clear(date);
    await app.user.type(date, day);
    await app.user.clear(start);
    await app.user.type(start, '09:00');
    await app.user.clear(end);
    await app.user.type(end, '12:00');
    await app.user.click(within(form).getByRole('button', { name: 'Assign' }));
    const done = await main().findByRole(
      'group',
      { name: new RegExp(`^${reference} is assigned to Board van`) },
      { timeout: 5000 },
    );
    expect(done).toHaveTextContent('09:00–12:00');
    const crewBoard = await main().findByRole('region', { name: /^Board van/ }, { timeout: 5000 });
    await within(crewBoard).findByRole('link', { name: reference }, { timeout: 5000 });
    expect(within(unassigned).queryByRole('link', { name: reference })).toBeNull();
    await app.user.click(within(done).getByRole('button', { name: 'Close' }));
    expect(within(crewBoard).getByRole('button', { name: `Reassign ${reference}` })).toHaveFocus();
  });

  it('warns of an overlapping window of the same crew, and assigns all the same; the board marks both in words', async () => {
    const crew = await makeCrew(server, staff.token, { name: 'Overlap van' });
    const day = inDays(1);
    const first = await bookDelivery(server, customer.token);
    const second = await bookDelivery(server, customer.token);
    const assigned = await post(
      server,
      `staff/orders/${first}/assignment`,
      { crew_id: crew.id, date: day, window_start: '09:00', window_end: '11:00' },
      staff.token,
    );
    expect(assigned.status).toBe(200);
    const app = renderApp(`/staff/dispatch?date=${day}`, { apiUrl: server.apiUrl, session: staff });
    const unassigned = await main().findByRole(
      'region',
      { name: /^No crew yet/ },
      { timeout: 10_000 },
    );
    await app.user.click(
      await within(unassigned).findByRole(
        'button',
        { name: `Assign ${second}` },
        { timeout: 10_000 },
      ),
    );
    const form = await main().findByRole('form', { name: `Assign ${second}` }, { timeout: 10_000 });
    await app.user.selectOptions(within(form).getByLabelText(/^Crew/), crew.id);
    await app.user.type(within(form).getByLabelText(/^Window starts/), '10:00');
    await app.user.type(within(form).getByLabelText(/^Window ends/), '12:00');
    await app.user.click(within(form).getByRole('button', { name: 'Assign' }));
    const done = await main().findByRole(
      'group',
      { name: new RegExp(`^${second} is assigned`) },
      { timeout: 5000 },
    );
    expect(done).toHaveTextContent(/Warning: this window overlaps other jobs of Overlap van/);
    expect(done).toHaveTextContent(`${first}, 09:00–11:00`);
    const crewBoard = await main().findByRole(
      'region',
      { name: /^Overlap van/ },
      { timeout: 5000 },
    );
    await waitFor(() =>
      expect(within(crewBoard).getAllByText('Overlaps another job of this crew')).toHaveLength(2),
    );
    // In window order.
    expect(
      within(crewBoard)
        .getAllByRole('link', { name: /^RL-/ })
        .map((link) => link.textContent),
    ).toEqual([first, second]);
  });

  it('changes the day in the address with the day field and the next day button', async () => {
    const app = renderApp('/staff/dispatch', { apiUrl: server.apiUrl, session: staff });
    await heading('Dispatch');
    const day = main().getByLabelText('Day');
    expect(day).toHaveValue(inDays(0));
    await main().findByRole('region', { name: /^No crew yet/ }, { timeout: 10_000 });
    await app.user.click(main().getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(app.location().search).toBe(`?date=${inDays(1)}`));
    expect(day).toHaveValue(inDays(1));
    await app.user.click(main().getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(app.location().search).toBe(`?date=${inDays(0)}`));
  });

  it('says when the board cannot be loaded, and offers to try again', async () => {
    renderApp('/staff/dispatch', { apiUrl: 'http://127.0.0.1:9/api/v1', session: staff });
    await heading('Dispatch');
    const alert = await main().findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe("the staff order page's Crew part", () => {
  it('says there is no crew yet, loads the form when asked, and shows the assignment once made', async () => {
    const crew = await makeCrew(server, staff.token, { name: 'Order van' });
    const reference = await bookDelivery(server, customer.token);
    const app = renderApp(`/staff/orders/${reference}`, { apiUrl: server.apiUrl, session: staff });
    await heading(`Order ${reference}`);
    const part = await main().findByRole('region', { name: 'Crew' }, { timeout: 10_000 });
    expect(part).toHaveTextContent('No crew yet.');
    expect(within(part).queryByRole('form')).toBeNull();
    await app.user.click(within(part).getByRole('button', { name: 'Assign a crew' }));
    const form = await within(part).findByRole(
      'form',
      { name: `Assign ${reference}` },
      { timeout: 10_000 },
    );
    await app.user.selectOptions(within(form).getByLabelText(/^Crew/), crew.id);
    await app.user.clear(within(form).getByLabelText(/^Day/));
    await app.user.type(within(form).getByLabelText(/^Day/), inDays(2));
    await app.user.type(within(form).getByLabelText(/^Window starts/), '13:00');
    await app.user.type(within(form).getByLabelText(/^Window ends/), '15:30');
    await app.user.click(within(form).getByRole('button', { name: 'Assign' }));
    await toast(`${reference} assigned to Order van.`);
    await waitFor(() => expect(part).toHaveTextContent(/Assigned to Order van on .*13:00–15:30\./));
    await app.user.click(within(part).getByRole('button', { name: 'Close' }));
    expect(within(part).getByRole('button', { name: 'Change the crew' })).toBeInTheDocument();
  });
});

describe("the staff order page's Stops part", () => {
  /** An assigned order whose drop-off the crew handed over without the code; answers the drop-off's row id. */
  async function handedOverWithoutCode(reference: string): Promise<number> {
    const crew = await makeCrew(server, staff.token, { name: 'Review van' });
    const assigned = await post(
      server,
      `staff/orders/${reference}/assignment`,
      { crew_id: crew.id, date: inDays(1), window_start: '09:00', window_end: '12:00' },
      staff.token,
    );
    if (assigned.status !== 200) throw new Error(JSON.stringify(assigned.body));
    const dropoff = await server.app.db
      .selectFrom('stops')
      .innerJoin('shipments', 'shipments.id', 'stops.shipment_id')
      .select('stops.id')
      .where('shipments.reference', '=', reference)
      .where('stops.kind', '=', 'dropoff')
      .executeTakeFirstOrThrow();
    await setWithoutCode(dropoff.id, true);
    return dropoff.id;
  }

  const setWithoutCode = (stopId: number, withoutCode: boolean) =>
    server.app.db
      .updateTable('stops')
      .set({
        state: 'done',
        without_code: withoutCode,
        receiver_name: 'Chinedu Eze',
        done_at: new Date(),
      })
      .where('id', '=', stopId)
      .execute();

  it('shows each stop with its proof, says in words which handover waits for review, and marks it reviewed: a refusal at the button, then the button goes', async () => {
    const reference = await bookDelivery(server, customer.token);
    const dropoffId = await handedOverWithoutCode(reference);
    const app = renderApp(`/staff/orders/${reference}`, { apiUrl: server.apiUrl, session: staff });
    await heading(`Order ${reference}`);
    const part = await main().findByRole('region', { name: 'Stops' }, { timeout: 10_000 });
    const [pickup, dropoff] = within(part).getAllByRole('listitem');
    expect(pickup).toHaveTextContent(/Pick-up · .*Waiting/);
    expect(within(pickup!).queryByRole('button')).toBeNull();
    expect(dropoff).toHaveTextContent(/Drop-off · .*Done/);
    expect(dropoff).toHaveTextContent(/to Chinedu Eze, without the code: the crew took a photo\./);
    expect(dropoff).toHaveTextContent('Without code — to review');

    // The server refuses a stop that was, after all, handed over with its code: said at the button.
    await setWithoutCode(dropoffId, false);
    const review = within(dropoff!).getByRole('button', { name: 'Mark as reviewed' });
    await app.user.click(review);
    const problem = await within(dropoff!).findByRole('alert', {}, { timeout: 5000 });
    expect(problem).toHaveTextContent(/nothing to review/);
    expect(review).toHaveAccessibleDescription(/nothing to review/);
    await toast('nothing to review');

    await setWithoutCode(dropoffId, true);
    await app.user.click(review);
    await toast('Handover marked as reviewed.');
    await waitFor(() => expect(part).not.toHaveTextContent('Without code — to review'), {
      timeout: 5000,
    });
    expect(within(part).queryByRole('button', { name: 'Mark as reviewed' })).toBeNull();
    expect(part).toHaveTextContent(/to Chinedu Eze, without the code/);
    // The history says who reviewed it, and when.
    const reviewed = within(main().getByRole('list', { name: 'History' }))
      .getAllByRole('listitem')
      .filter((line) => /Handover without the code reviewed/.test(line.textContent ?? ''));
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]).toHaveTextContent(
      /^Handover without the code reviewed by Ada Obi.+“Drop-off: .+\. Handed over to Chinedu Eze without the code: marked as reviewed\.”$/,
    );
    expect(within(reviewed[0]!).getByRole('time')).toHaveAttribute('datetime');
    const { body } = await get(server, `staff/orders/${reference}`, staff.token);
    expect(body.data.stops[1].proof).not.toHaveProperty('to_review');
  });

  it('is not there for an order with no stops yet', async () => {
    const reference = await bookDelivery(server, customer.token);
    renderApp(`/staff/orders/${reference}`, { apiUrl: server.apiUrl, session: staff });
    await main().findByRole('region', { name: 'Crew' }, { timeout: 10_000 });
    expect(main().queryByRole('region', { name: 'Stops' })).toBeNull();
  });
});
