/**
 * The staff's side of the day's work (docs/crews.md): crews and members (a removed member refused
 * at once), assigning an order to a crew for a window with its refusals and conflicts, the
 * dispatch board, Needs attention and the Overview's counts, and the crew's work in the order's
 * history. Stop events are written straight into the database here: the crew's own calls write
 * them in production.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  overviewFilter,
  WINDOW_ORDER_MESSAGE,
  WINDOW_PAST_MESSAGE,
  WINDOW_WIDTH_MESSAGE,
  type CallName,
  type Crew,
  type HistoryEntry,
} from '../../src/api/contract';
import { hasStarted } from '../../server/crews/assignment';
import { OWN_ORDER_MESSAGE } from '../../server/orders/self-dealing';
import {
  call,
  get,
  inDays,
  PASSWORD,
  post,
  quote,
  scheduledDelivery,
  signUp,
  uniqueEmail,
  type Customer,
} from '../support/api';
import { assign, makeCrew, type Window } from '../support/crews';
import { readOutbox } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { setStatus } from '../support/shipments';
import { opsTokenOf, signUpStaff } from '../support/staff';
import { textRowsOf } from '../support/texts';

let server: TestServer;
let staff: Customer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  [staff, customer] = await Promise.all([signUpStaff(server), signUp(server)]);
}, 120_000);
afterAll(() => server.close());

const del = (path: string, token?: string) => call(server, 'DELETE', path, undefined, token);

async function book(pickupDate = inDays(1), token = customer.token): Promise<string> {
  const answer = await post(
    server,
    'users/schedule/delivery',
    { ...scheduledDelivery(), pickup_date: pickupDate, delivery_date: inDays(20) },
    token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.reference_number;
}

const window = (date: string, window_start: string, window_end: string): Window => ({
  date,
  window_start,
  window_end,
});

const roleOf = async (email: string) =>
  (
    await server.app.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).role;

const stopsOf = (reference: string) =>
  server.app.db
    .selectFrom('stops')
    .innerJoin('shipments', 'shipments.id', 'stops.shipment_id')
    .select(['stops.id', 'stops.public_id', 'stops.kind', 'stops.state', 'stops.address'])
    .where('shipments.reference', '=', reference)
    .orderBy('stops.position')
    .execute();

const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;

/** Every reference the queue lists under `filter`. */
async function listed(filter: Record<string, string>): Promise<string[]> {
  const references: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({
      ...filter,
      ...(cursor ? { cursor } : {}),
    }).toString();
    const answer = await get(server, `staff/orders?${query}`, staff.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    references.push(
      ...answer.body.data.map((order: { reference_number: string }) => order.reference_number),
    );
    cursor = answer.body.next_cursor;
  } while (cursor);
  return references;
}

describe('who may call', () => {
  const staffCrewCalls: Array<[CallName, string, string]> = [
    ['staffCrews', 'GET', 'staff/crews'],
    ['createCrew', 'POST', 'staff/crews'],
    ['addCrewMember', 'POST', `staff/crews/${crypto.randomUUID()}/members`],
    [
      'removeCrewMember',
      'DELETE',
      `staff/crews/${crypto.randomUUID()}/members/${crypto.randomUUID()}`,
    ],
    ['assignOrder', 'POST', 'staff/orders/RL-ABCDEFGHJK/assignment'],
    ['dispatch', 'GET', `staff/dispatch?date=${inDays(0)}`],
    ['reviewHandover', 'POST', `staff/orders/RL-ABCDEFGHJK/stops/${crypto.randomUUID()}/review`],
  ];
  it.each(staffCrewCalls)(
    '%s: 401 without a session, 403 for a customer',
    async (_, method, path) => {
      const body = method === 'POST' ? {} : undefined;
      expect((await call(server, method, path, body)).status).toBe(401);
      expect((await call(server, method, path, body, customer.token)).status).toBe(403);
    },
  );
});

describe('crews and members', () => {
  let crew: Crew;
  let first: Customer;
  let second: Customer;
  let third: Customer;

  beforeAll(async () => {
    [first, second, third] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  }, 60_000);

  it('makes a crew, listed with its vehicle and no members yet', async () => {
    const created = await post(
      server,
      'staff/crews',
      { name: 'Crew Alpha', vehicle: 'van', plate: 'LND-482-KJ' },
      staff.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    crew = created.body.data;
    expect(crew).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Crew Alpha',
      vehicle: 'van',
      plate: 'LND-482-KJ',
      members: [],
    });
    const listedCrews = await get(server, 'staff/crews', staff.token);
    expect(listedCrews.status).toBe(200);
    expect(listedCrews.body.data).toContainEqual(crew);
  });

  it('refuses a crew without a vehicle or a name', async () => {
    const answer = await post(server, 'staff/crews', { name: ' ', plate: 'X' }, staff.token);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['name', 'vehicle']);
  });

  it('adds accounts by email: they take the crew role, and the first leads', async () => {
    const added = await post(
      server,
      `staff/crews/${crew.id}/members`,
      { email: first.email },
      staff.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.members).toEqual([
      {
        id: first.id,
        fullname: 'Ada Obi',
        email: first.email,
        phone: expect.any(String),
        is_lead: true,
      },
    ]);
    const again = await post(
      server,
      `staff/crews/${crew.id}/members`,
      { email: second.email },
      staff.token,
    );
    expect(
      again.body.data.members.map((member: { id: string; is_lead: boolean }) => [
        member.id,
        member.is_lead,
      ]),
    ).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(await roleOf(first.email)).toBe('crew');
    expect(await roleOf(second.email)).toBe('crew');
  });

  it('adding a member again changes nothing', async () => {
    const answer = await post(
      server,
      `staff/crews/${crew.id}/members`,
      { email: second.email },
      staff.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/already in Crew Alpha/);
    expect(answer.body.data.members).toHaveLength(2);
  });

  it('refuses an unknown or deleted account at its field, staff and another crew’s member with a reason', async () => {
    const unknown = await post(
      server,
      `staff/crews/${crew.id}/members`,
      { email: uniqueEmail('nobody') },
      staff.token,
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.email[0]).toMatch(/No account uses .*sign up/);

    const deleted = await signUp(server);
    await server.app.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.userId)
      .execute();
    expect(
      (await post(server, `staff/crews/${crew.id}/members`, { email: deleted.email }, staff.token))
        .status,
    ).toBe(422);

    const asStaff = await post(
      server,
      `staff/crews/${crew.id}/members`,
      { email: staff.email },
      staff.token,
    );
    expect(asStaff.status).toBe(409);
    expect(asStaff.body.message).toMatch(/staff/);
    expect(await roleOf(staff.email)).toBe('staff');

    const other = await makeCrew(server, staff.token, { name: 'Crew Beta' });
    const elsewhere = await post(
      server,
      `staff/crews/${other.id}/members`,
      { email: first.email },
      staff.token,
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toMatch(/already a member of Crew Alpha/);
  });

  it('answers 404 for an unknown crew or member, and for ids that are no uuid', async () => {
    const email = { email: third.email };
    expect(
      (await post(server, `staff/crews/${crypto.randomUUID()}/members`, email, staff.token)).status,
    ).toBe(404);
    expect((await post(server, 'staff/crews/not-a-uuid/members', email, staff.token)).status).toBe(
      404,
    );
    expect((await post(server, 'staff/crews/12345/members', email, staff.token)).status).toBe(404);
    expect(
      (await del(`staff/crews/${crew.id}/members/${crypto.randomUUID()}`, staff.token)).status,
    ).toBe(404);
    expect((await del(`staff/crews/${crew.id}/members/nope`, staff.token)).status).toBe(404);
    expect((await del(`staff/crews/${crew.id}/members/${third.id}`, staff.token)).status).toBe(404);
    expect((await del(`staff/crews/nope/members/${first.id}`, staff.token)).status).toBe(404);
    expect(await roleOf(third.email)).toBe('customer');
  });

  it('removing the lead makes the next-oldest member lead, and the account a customer again', async () => {
    await post(server, `staff/crews/${crew.id}/members`, { email: third.email }, staff.token);
    const removed = await del(`staff/crews/${crew.id}/members/${first.id}`, staff.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(
      removed.body.data.members.map((member: { id: string; is_lead: boolean }) => [
        member.id,
        member.is_lead,
      ]),
    ).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    expect(await roleOf(first.email)).toBe('customer');
    // Free again: another crew may take them.
    const other = await makeCrew(server, staff.token, { members: [first.email] });
    expect(other.members[0]).toMatchObject({ id: first.id, is_lead: true });
  });

  it('blanks the stops of a deleted customer’s orders as their other personal fields', async () => {
    const leaving = await signUp(server);
    const reference = await book(inDays(1), leaving.token);
    const team = await makeCrew(server, staff.token);
    await assign(server, staff.token, reference, team.id, window(inDays(1), '09:00', '10:00'));
    const [pickup, dropoff] = await stopsOf(reference);
    await server.app.db
      .updateTable('stops')
      .set({ state: 'done', receiver_name: 'Chinedu Eze', done_at: new Date() })
      .where('id', 'in', [pickup!.id, dropoff!.id])
      .execute();
    await setStatus(server, reference, 'Shipped');
    await setStatus(server, reference, 'Delivered');
    const deleted = await post(
      server,
      'users/DeleteUser',
      { password: PASSWORD, Reason: 'Moving abroad' },
      leaving.token,
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const kept = await server.app.db
      .selectFrom('stops')
      .select(['address', 'contact_name', 'contact_phone', 'receiver_name', 'state'])
      .where('id', 'in', [pickup!.id, dropoff!.id])
      .orderBy('position')
      .execute();
    const blank = {
      address: '(removed: account deleted)',
      contact_name: '(removed: account deleted)',
      contact_phone: '',
      receiver_name: null,
      state: 'done',
    };
    expect(kept).toEqual([blank, blank]);
  });

  it('keeps the ops command from changing a crew member’s role behind the crew', async () => {
    for (const role of ['staff', 'customer']) {
      const answer = await post(
        server,
        'staff/roles',
        { email: second.email, role },
        opsTokenOf(server),
      );
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/member of a crew/);
    }
    expect(await roleOf(second.email)).toBe('crew');
  });

  it('refuses a removed member at once on a crew call', async () => {
    const member = await signUp(server);
    const team = await makeCrew(server, staff.token, { members: [member.email] });
    const jobs = async () => (await get(server, 'crew/jobs', member.token)).status;
    expect(await jobs()).toBe(200);
    expect((await del(`staff/crews/${team.id}/members/${member.id}`, staff.token)).status).toBe(
      200,
    );
    expect(await jobs()).toBe(403);
  });

  it('takes a member whose account is deleted out of the crew, the lead passing to the next-oldest member', async () => {
    const [lead, next, last] = [await signUp(server), await signUp(server), await signUp(server)];
    const team = await makeCrew(server, staff.token, {
      members: [lead.email, next.email, last.email],
    });
    const membersOf = async () =>
      (
        (await get(server, 'staff/crews', staff.token)).body.data.find(
          (each: Crew) => each.id === team.id,
        ) as Crew
      ).members.map((member) => [member.id, member.is_lead]);
    const deleteAccount = async (account: Customer) => {
      const answer = await post(
        server,
        'users/DeleteUser',
        { password: PASSWORD, Reason: 'Leaving the company' },
        account.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const rowsOf = (account: Customer) =>
      server.app.db
        .selectFrom('crew_members')
        .select('crew_id')
        .where('user_id', '=', account.userId)
        .execute();

    await deleteAccount(lead);
    expect(await rowsOf(lead)).toEqual([]);
    expect(await membersOf()).toEqual([
      [next.id, true],
      [last.id, false],
    ]);
    const deleted = await server.app.db
      .selectFrom('users')
      .select(['role', 'deleted_at'])
      .where('id', '=', lead.userId)
      .executeTakeFirstOrThrow();
    expect(deleted.role).toBe('customer');
    expect(deleted.deleted_at).not.toBeNull();

    // A member who does not lead leaves the lead where it is.
    await deleteAccount(last);
    expect(await rowsOf(last)).toEqual([]);
    expect(await membersOf()).toEqual([[next.id, true]]);
  });
});

describe('assignment', () => {
  let alpha: Crew;
  let beta: Crew;
  const day = inDays(2);

  beforeAll(async () => {
    [alpha, beta] = await Promise.all([
      makeCrew(server, staff.token, { name: 'Crew Ayo' }),
      makeCrew(server, staff.token, { name: 'Crew Bisi' }),
    ]);
  });

  it('assigns an order: its stops are written, staff see the crew and the window, the customer is told', async () => {
    const reference = await book();
    const answer = await assign(
      server,
      staff.token,
      reference,
      alpha.id,
      window(day, '09:00', '11:00'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const assignment = {
      crew_id: alpha.id,
      crew_name: 'Crew Ayo',
      date: day,
      window_start: '09:00',
      window_end: '11:00',
    };
    expect(answer.body.data).toEqual({ assignment, conflicts: [] });
    expect((await stopsOf(reference)).map((stop) => [stop.kind, stop.state])).toEqual([
      ['pickup', 'pending'],
      ['dropoff', 'pending'],
    ]);
    const order = await staffOrder(reference);
    expect(order.assignment).toEqual(assignment);
    expect(order.history.at(-1)).toMatchObject({
      event: 'crew_assigned',
      by: 'staff',
      by_name: 'Ada Obi',
      status: 'ToInspect',
      note: `Crew Ayo, ${day} 09:00–11:00`,
    });
    const owner = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    expect(owner.history.at(-1)).toMatchObject({
      event: 'crew_assigned',
      by_name: null,
      note: `${day} 09:00–11:00`,
    });
    const mails = (await readOutbox(server)).filter((mail) => mail.subject.includes(reference));
    expect(mails.at(-1)!.subject).toBe(`${reference}: our crew comes on ${day}, 09:00–11:00`);
    expect(mails.at(-1)!.to).toContain(customer.email);
    expect((await textRowsOf(server, reference)).map((row) => row.template)).toContain(
      'crew_assigned',
    );
  });

  it('refuses a window that has started, is wider than 4 hours, ends before it starts or is on no day', async () => {
    const reference = await book();
    const refused = async (sent: Window) => {
      const answer = await assign(server, staff.token, reference, alpha.id, sent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors;
    };
    expect(await refused(window(inDays(-1), '09:00', '10:00'))).toEqual({
      window_start: [WINDOW_PAST_MESSAGE],
    });
    expect(await refused(window(day, '08:00', '12:01'))).toEqual({
      window_end: [WINDOW_WIDTH_MESSAGE],
    });
    expect(await refused(window(day, '11:00', '10:00'))).toEqual({
      window_end: [WINDOW_ORDER_MESSAGE],
    });
    expect(await refused(window(day, '11:00', '11:00'))).toEqual({
      window_end: [WINDOW_ORDER_MESSAGE],
    });
    expect(Object.keys(await refused(window('2027-02-30', '09:00', '10:00')))).toEqual(['date']);
    expect(Object.keys(await refused(window(day, '24:00', '25:00')))).toEqual([
      'window_start',
      'window_end',
    ]);
    expect(await stopsOf(reference)).toEqual([]);
    // Exactly 4 hours is allowed.
    expect(
      (await assign(server, staff.token, reference, alpha.id, window(day, '08:00', '12:00')))
        .status,
    ).toBe(200);
  });

  it('reads "started" in Lagos time (UTC+1), to the minute', () => {
    const at = (iso: string) => new Date(iso);
    expect(hasStarted('2026-12-01', '09:00', at('2026-12-01T08:30:00Z'))).toBe(true);
    expect(hasStarted('2026-12-01', '09:30', at('2026-12-01T08:30:00Z'))).toBe(false);
    expect(hasStarted('2026-12-01', '10:00', at('2026-12-01T08:30:00Z'))).toBe(false);
    // 23:30 UTC is already the next day in Lagos.
    expect(hasStarted('2026-12-01', '23:59', at('2026-12-01T23:30:00Z'))).toBe(true);
    expect(hasStarted('2026-12-02', '00:15', at('2026-12-01T23:30:00Z'))).toBe(true);
    expect(hasStarted('2026-12-02', '01:00', at('2026-12-01T23:30:00Z'))).toBe(false);
  });

  it('refuses an unknown order, an unknown crew, a final order and staff’s own order', async () => {
    const sent = window(day, '09:00', '10:00');
    expect((await assign(server, staff.token, 'RL-ABCDEFGHJK', alpha.id, sent)).status).toBe(404);
    const reference = await book();
    for (const crewId of [crypto.randomUUID(), 'not-a-crew']) {
      const unknown = await assign(server, staff.token, reference, crewId, sent);
      expect(unknown.status).toBe(422);
      expect(Object.keys(unknown.body.errors)).toEqual(['crew_id']);
    }
    const cancelled = await book();
    await setStatus(server, cancelled, 'Cancelled');
    const delivered = await book();
    await setStatus(server, delivered, 'Shipped');
    await setStatus(server, delivered, 'Delivered');
    for (const final of [cancelled, delivered]) {
      const answer = await assign(server, staff.token, final, alpha.id, sent);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/can no longer be assigned/);
    }
    const own = await book(inDays(1), staff.token);
    const mine = await assign(server, staff.token, own, alpha.id, sent);
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe(OWN_ORDER_MESSAGE);
  });

  it('flags the crew’s overlapping windows that day, never refuses them', async () => {
    const crew = await makeCrew(server, staff.token);
    const [early, overlapping, touching, otherDay] = [
      await book(),
      await book(),
      await book(),
      await book(),
    ];
    await assign(server, staff.token, early, crew.id, window(day, '09:00', '11:00'));
    const clash = await assign(
      server,
      staff.token,
      overlapping,
      crew.id,
      window(day, '10:00', '12:00'),
    );
    expect(clash.status).toBe(200);
    expect(clash.body.data.conflicts).toEqual([
      { reference: early, window_start: '09:00', window_end: '11:00' },
    ]);
    const next = await assign(
      server,
      staff.token,
      touching,
      crew.id,
      window(day, '12:00', '13:00'),
    );
    expect(next.body.data.conflicts).toEqual([]);
    const later = await assign(
      server,
      staff.token,
      otherDay,
      crew.id,
      window(inDays(3), '09:00', '11:00'),
    );
    expect(later.body.data.conflicts).toEqual([]);
    // Another crew in the same window is no conflict.
    const elsewhere = await assign(
      server,
      staff.token,
      await book(),
      beta.id,
      window(day, '09:00', '11:00'),
    );
    expect(elsewhere.body.data.conflicts).toEqual([]);
  });

  it('reassigns: one assignment, each change in the history; the same again changes nothing', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, alpha.id, window(day, '14:00', '16:00'));
    const moved = await assign(
      server,
      staff.token,
      reference,
      beta.id,
      window(day, '15:00', '17:00'),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.assignment).toMatchObject({
      crew_id: beta.id,
      crew_name: 'Crew Bisi',
      window_start: '15:00',
    });
    const again = await assign(
      server,
      staff.token,
      reference,
      beta.id,
      window(day, '15:00', '17:00'),
    );
    expect(again.status).toBe(200);
    const rows = await server.app.db
      .selectFrom('assignments')
      .innerJoin('shipments', 'shipments.id', 'assignments.shipment_id')
      .select('assignments.crew_id')
      .where('shipments.reference', '=', reference)
      .execute();
    expect(rows).toHaveLength(1);
    const order = await staffOrder(reference);
    expect(order.assignment.crew_id).toBe(beta.id);
    expect(
      order.history
        .filter((entry: HistoryEntry) => entry.event === 'crew_assigned')
        .map((entry: HistoryEntry) => entry.note),
    ).toEqual([`Crew Ayo, ${day} 14:00–16:00`, `Crew Bisi, ${day} 15:00–17:00`]);
    // Two windows, two texts; the same window again texts no one.
    expect(
      (await textRowsOf(server, reference)).filter((row) => row.template === 'crew_assigned'),
    ).toHaveLength(2);
  });
});

describe('the dispatch board', () => {
  it('lists the day’s and overdue unassigned orders, overdue first, and each crew’s jobs in window order', async () => {
    const board = inDays(2);
    const [todayA, todayB, tomorrow, onTheDay, later, assigned, cancelled] = await Promise.all([
      book(inDays(0)),
      book(inDays(0)),
      book(inDays(1)),
      book(board),
      book(inDays(3)),
      book(board),
      book(board),
    ]);
    await setStatus(server, cancelled, 'Cancelled');
    const move = await post(
      server,
      'users/state-service',
      { ...quote(), moving_date: board, date_of_inspection: inDays(1) },
      customer.token,
    );
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const moveReference: string = move.body.data.reference_number;
    const crew = await makeCrew(server, staff.token, { members: [(await signUp(server)).email] });
    await assign(server, staff.token, assigned, crew.id, window(board, '13:00', '14:00'));
    const [first, second] = [await book(board), await book(board)];
    await assign(server, staff.token, first, crew.id, window(board, '09:00', '11:00'));
    await assign(server, staff.token, second, crew.id, window(board, '10:30', '12:00'));

    const answer = await get(server, `staff/dispatch?date=${board}`, staff.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.date).toBe(board);
    const mine = new Set([
      todayA,
      todayB,
      tomorrow,
      onTheDay,
      later,
      assigned,
      cancelled,
      moveReference,
      first,
      second,
    ]);
    const unassigned = answer.body.data.unassigned.filter((job: { reference: string }) =>
      mine.has(job.reference),
    );
    expect(
      unassigned.map((job: { reference: string; overdue: boolean }) => [
        job.reference,
        job.overdue,
      ]),
    ).toEqual([
      ...[todayA, todayB].sort().map((reference) => [reference, true]),
      [tomorrow, true],
      ...[onTheDay, moveReference].sort().map((reference) => [reference, false]),
    ]);
    expect(unassigned.find((job: { reference: string }) => job.reference === onTheDay)).toEqual({
      reference: onTheDay,
      service_type: 'scheduled_delivery',
      job_date: board,
      overdue: false,
      address: scheduledDelivery().pickup_address,
      window_start: null,
      window_end: null,
      conflict: false,
    });
    expect(
      unassigned.find((job: { reference: string }) => job.reference === moveReference).address,
    ).toBe(quote().moving_from_address);
    const { jobs } = answer.body.data.crews.find((row: { crew: Crew }) => row.crew.id === crew.id);
    expect(
      jobs.map((job: { reference: string; window_start: string; conflict: boolean }) => [
        job.reference,
        job.window_start,
        job.conflict,
      ]),
    ).toEqual([
      [first, '09:00', true],
      [second, '10:30', true],
      [assigned, '13:00', false],
    ]);
    // The first stop's address: the pickup.
    expect(jobs[0].address).toBe((await stopsOf(first))[0]!.address);
  });

  it('refuses a day that is not on the calendar', async () => {
    for (const date of ['2027-02-30', '', 'tomorrow']) {
      const answer = await get(server, `staff/dispatch?date=${date}`, staff.token);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['date']);
    }
    expect((await get(server, 'staff/dispatch', staff.token)).status).toBe(422);
  });
});

describe('needs attention, and the Overview', () => {
  let crew: Crew;
  let member: Customer;

  beforeAll(async () => {
    member = await signUp(server);
    await server.app.db
      .updateTable('users')
      .set({ fullname: 'Musa Bello' })
      .where('id', '=', member.userId)
      .execute();
    crew = await makeCrew(server, staff.token, { members: [member.email] });
  });

  const counts = async () => (await get(server, 'staff/overview', staff.token)).body.data;

  it('counts today’s unassigned orders with the filter it links to, and drops one once assigned', async () => {
    const before = await counts();
    const reference = await book(inDays(0));
    const after = await counts();
    expect(after.unassigned_today).toBe(before.unassigned_today + 1);
    const filter = overviewFilter('unassigned_today', after) as Record<string, string>;
    const references = await listed(filter);
    expect(references).toHaveLength(after.unassigned_today);
    expect(references).toContain(reference);
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    expect((await counts()).unassigned_today).toBe(before.unassigned_today);
    expect(await listed(filter)).not.toContain(reference);
  });

  it('lists an order with a failed stop until staff give it a new window, which makes the stop pending', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    const [pickup] = await stopsOf(reference);
    const before = await counts();
    await server.app.db
      .updateTable('stops')
      .set({ state: 'failed' })
      .where('id', '=', pickup!.id)
      .execute();
    const after = await counts();
    expect(after.attention).toBe(before.attention + 1);
    const filter = overviewFilter('attention', after) as Record<string, string>;
    const references = await listed(filter);
    expect(references).toHaveLength(after.attention);
    expect(references).toContain(reference);

    await assign(server, staff.token, reference, crew.id, window(inDays(1), '11:00', '12:00'));
    expect((await stopsOf(reference))[0]!.state).toBe('pending');
    expect(await listed(filter)).not.toContain(reference);
    expect((await counts()).attention).toBe(before.attention);
  });

  it('leaves out a failed stop of a cancelled order', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    const [pickup] = await stopsOf(reference);
    await server.app.db
      .updateTable('stops')
      .set({ state: 'failed' })
      .where('id', '=', pickup!.id)
      .execute();
    expect(await listed({ attention: '1' })).toContain(reference);
    await setStatus(server, reference, 'Cancelled');
    expect(await listed({ attention: '1' })).not.toContain(reference);
  });

  it('lists a handover made without the code, delivered or not, until staff review it', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    const [pickup, dropoff] = await stopsOf(reference);
    await server.app.db
      .updateTable('stops')
      .set({ state: 'done', without_code: true, receiver_name: 'Chinedu Eze', done_at: new Date() })
      .where('id', '=', dropoff!.id)
      .execute();
    await setStatus(server, reference, 'Shipped');
    await setStatus(server, reference, 'Delivered');
    expect(await listed({ attention: '1' })).toContain(reference);
    // Only staff are told it waits for them; the owner sees the same proof without it.
    const proofs = (order: { stops: { proof: object | null }[] }) =>
      order.stops.map((stop) => stop.proof);
    const unreviewed = proofs(await staffOrder(reference));
    expect(unreviewed[0]).toBeNull();
    expect(unreviewed[1]).toMatchObject({ with_code: false, to_review: true });
    const owned = proofs(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data,
    );
    expect(owned[1]).toMatchObject({ with_code: false, receiver_name: 'Chinedu Eze' });
    expect(owned[1]).not.toHaveProperty('to_review');

    const path = (stopId: string) => `staff/orders/${reference}/stops/${stopId}/review`;
    expect((await post(server, path(pickup!.public_id), undefined, staff.token)).status).toBe(409);
    expect((await post(server, path(crypto.randomUUID()), undefined, staff.token)).status).toBe(
      404,
    );
    expect((await post(server, path('nope'), undefined, staff.token)).status).toBe(404);
    const other = await book();
    expect(
      (
        await post(
          server,
          `staff/orders/${other}/stops/${dropoff!.public_id}/review`,
          undefined,
          staff.token,
        )
      ).status,
    ).toBe(404);

    const reviewed = await post(server, path(dropoff!.public_id), undefined, staff.token);
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.data.reference_number).toBe(reference);
    expect(await listed({ attention: '1' })).not.toContain(reference);
    expect(reviewed.body.data.stops[1].proof).toMatchObject({ with_code: false });
    expect(reviewed.body.data.stops[1].proof).not.toHaveProperty('to_review');
    expect((await post(server, path(dropoff!.public_id), undefined, staff.token)).status).toBe(200);

    // The history says who reviewed it and when, once (reviewing again changed nothing); the
    // owner reads it as the crew's other lines, without the reviewer's name.
    const reviewLines = (history: HistoryEntry[]) =>
      history.filter((entry) => entry.event === 'handover_reviewed');
    const note = `Drop-off: ${dropoff!.address}. Handed over to Chinedu Eze without the code: marked as reviewed.`;
    const [line, ...more] = reviewLines((await staffOrder(reference)).history);
    expect(more).toEqual([]);
    const { reviewed_at } = await server.app.db
      .selectFrom('stops')
      .select('reviewed_at')
      .where('id', '=', dropoff!.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      event: 'handover_reviewed',
      status: 'Delivered',
      at: reviewed_at!.toISOString(),
      by: 'staff',
      by_name: 'Ada Obi',
      note,
    });
    const ownerView = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    expect(reviewLines(ownerView.history)).toEqual([{ ...line, by_name: null }]);
  });

  it('names the ops command as the reviewer when it reviewed; the owner reads the company', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    const [, dropoff] = await stopsOf(reference);
    await server.app.db
      .updateTable('stops')
      .set({ state: 'done', without_code: true, receiver_name: null, done_at: new Date() })
      .where('id', '=', dropoff!.id)
      .execute();
    const reviewed = await post(
      server,
      `staff/orders/${reference}/stops/${dropoff!.public_id}/review`,
      undefined,
      opsTokenOf(server),
    );
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const line = (history: HistoryEntry[]) =>
      history
        .filter((entry) => entry.event === 'handover_reviewed')
        .map(({ by, by_name, note }) => ({ by, by_name, note }));
    const note = `Drop-off: ${dropoff!.address}. Handed over without the code: marked as reviewed.`;
    expect(line((await staffOrder(reference)).history)).toEqual([
      { by: 'ops', by_name: null, note },
    ]);
    const owned = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    expect(line(owned.history)).toEqual([{ by: 'staff', by_name: null, note }]);
  });

  it('refuses a filter value it does not know', async () => {
    for (const query of ['attention=yes', 'unassigned=0']) {
      const answer = await get(server, `staff/orders?${query}`, staff.token);
      expect(answer.status).toBe(422);
    }
  });

  it('shows the crew’s work in the history: named for staff, unnamed for the owner', async () => {
    const reference = await book();
    await assign(server, staff.token, reference, crew.id, window(inDays(1), '09:00', '10:00'));
    const [pickup, dropoff] = await stopsOf(reference);
    const { id: shipmentId } = await server.app.db
      .selectFrom('shipments')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await server.app.db
      .insertInto('stop_events')
      .values([
        {
          stop_id: pickup!.id,
          shipment_id: shipmentId,
          type: 'on_the_way',
          user_id: member.userId,
          at: at(1),
        },
        {
          stop_id: pickup!.id,
          shipment_id: shipmentId,
          type: 'arrived',
          user_id: member.userId,
          at: at(2),
        },
        {
          stop_id: pickup!.id,
          shipment_id: shipmentId,
          type: 'picked_up',
          user_id: member.userId,
          at: at(3),
        },
        {
          stop_id: dropoff!.id,
          shipment_id: shipmentId,
          type: 'failed',
          user_id: member.userId,
          at: at(4),
          reason: 'other',
          note: 'Gate locked, guard asleep',
        },
      ])
      .execute();
    const crewLines = (history: HistoryEntry[]) =>
      history
        .filter((entry) => entry.by === 'crew')
        .map(({ event, by_name, note }) => ({ event, by_name, note }));
    const pickupNote = `Pick-up: ${pickup!.address}`;
    const dropoffNote = `Drop-off: ${dropoff!.address}. Reason: Other`;
    expect(crewLines((await staffOrder(reference)).history)).toEqual([
      { event: 'on_the_way', by_name: 'Musa Bello', note: pickupNote },
      { event: 'arrived', by_name: 'Musa Bello', note: pickupNote },
      { event: 'picked_up', by_name: 'Musa Bello', note: pickupNote },
      {
        event: 'stop_failed',
        by_name: 'Musa Bello',
        note: `${dropoffNote}. Gate locked, guard asleep`,
      },
    ]);
    const owner = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    expect(crewLines(owner.history)).toEqual([
      { event: 'on_the_way', by_name: null, note: pickupNote },
      { event: 'arrived', by_name: null, note: pickupNote },
      { event: 'picked_up', by_name: null, note: pickupNote },
      { event: 'stop_failed', by_name: null, note: dropoffNote },
    ]);
  });
});
