/**
 * The staff overview against orders made to fall in each of its counts (and some that must fall
 * in none: cancelled, delivered, priced and accepted), and the queue filter each count links to,
 * which must list exactly the orders counted. Also the queue's job-date sort and range, and the
 * CSV exports (100,000 subscribers streamed, cells guarded against formulas).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayAfter,
  overviewCounts,
  overviewFilter,
  todayInLagos,
  type OverviewCount,
} from '../../src/api/contract';
import {
  call,
  get,
  inDays,
  instantDelivery,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';
import { cancelAsPage } from '../support/payments';
import { setStatus } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';

let server: TestServer;
let staff: Customer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signUpStaff(server);
  customer = await signUp(server);
}, 120_000);
afterAll(() => server.close());

async function book(pickupDate: string): Promise<string> {
  const answer = await post(
    server,
    'users/schedule/delivery',
    { ...scheduledDelivery(), pickup_date: pickupDate, delivery_date: inDays(20) },
    customer.token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.reference_number;
}

async function offer(reference: string, validUntil: string): Promise<number> {
  const answer = await post(
    server,
    `staff/orders/${reference}/offer`,
    { amount_kobo: 5_000_000, valid_until: validUntil },
    staff.token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.offer.id;
}

/** Every reference the queue lists under `filter`, following the pages. */
async function listed(filter: Record<string, string>): Promise<string[]> {
  const references: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({
      ...filter,
      limit: '2',
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

describe('the overview', () => {
  const expected = {} as Record<OverviewCount, string[]>;

  beforeAll(async () => {
    const today = inDays(0);
    const fresh = await book(today);
    const awaiting = await book(inDays(1));
    await offer(awaiting, inDays(7));
    const expiring = await book(inDays(5));
    await offer(expiring, today);
    const accepted = await book(inDays(5));
    const acceptedOffer = await offer(accepted, inDays(7));
    expect(
      (
        await post(
          server,
          `users/orders/${accepted}/offer/accept`,
          { offer_id: acceptedOffer },
          customer.token,
        )
      ).status,
    ).toBe(200);
    const declined = await book(inDays(5));
    const declinedOffer = await offer(declined, inDays(7));
    expect(
      (
        await post(
          server,
          `users/orders/${declined}/offer/decline`,
          { offer_id: declinedOffer, reason: 'Too dear' },
          customer.token,
        )
      ).status,
    ).toBe(200);
    const expired = await book(inDays(5));
    await offer(expired, inDays(3));
    await sql`update offers set valid_until = ${inDays(-1)}::date where shipment_id = (select id from shipments where reference = ${expired})`.execute(
      server.app.db,
    );
    const cancelled = await book(today);
    await setStatus(server, cancelled, 'Cancelled');
    const delivered = await book(today);
    await setStatus(server, delivered, 'Shipped');
    await setStatus(server, delivered, 'Delivered');
    const shipped = await book(inDays(1));
    await setStatus(server, shipped, 'Shipped');
    const moved = await post(
      server,
      'users/state-service',
      { ...quote(), moving_date: today, date_of_inspection: today },
      customer.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const move: string = moved.body.data.reference_number;
    // The customer moves a delivery's pickup to today: it becomes one of today's jobs.
    const rescheduled = await book(inDays(9));
    expect(
      (
        await post(
          server,
          `users/orders/${rescheduled}/reschedule`,
          { pickup_date: today, delivery_date: inDays(20) },
          customer.token,
        )
      ).status,
    ).toBe(200);

    // Deliver Now has no pickup date: it is one of the jobs of the day it is booked (issue 35).
    const instant = await post(server, 'users/StoreDilivery', instantDelivery(), customer.token);
    expect(instant.status, JSON.stringify(instant.body)).toBe(200);
    const now: string = instant.body.data.reference_number;

    // Money: part paid at the office (owing), and paid at the office then cancelled (a refund due).
    const partPaid = await book(inDays(6));
    const partOffer = await offer(partPaid, inDays(7));
    expect(
      (
        await post(
          server,
          `users/orders/${partPaid}/offer/accept`,
          { offer_id: partOffer },
          customer.token,
        )
      ).status,
    ).toBe(200);
    const office = { method: 'bank_transfer', reference: 'TRF-1', paid_on: inDays(0) };
    expect(
      (
        await post(
          server,
          `staff/orders/${partPaid}/payments`,
          { ...office, amount_kobo: 1_000_000 },
          staff.token,
        )
      ).status,
    ).toBe(200);
    const refundable = await book(inDays(6));
    const refundOffer = await offer(refundable, inDays(7));
    expect(
      (
        await post(
          server,
          `users/orders/${refundable}/offer/accept`,
          { offer_id: refundOffer },
          customer.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          server,
          `staff/orders/${refundable}/payments`,
          { ...office, reference: 'TRF-2', amount_kobo: 5_000_000 },
          staff.token,
        )
      ).status,
    ).toBe(200);
    const cancelled2 = await cancelAsPage(server, refundable, customer, 'Moving later');
    expect(cancelled2.status, JSON.stringify(cancelled2.body)).toBe(200);

    Object.assign(expected, {
      unpriced: [fresh, declined, expired, shipped, move, rescheduled, now],
      awaiting_answer: [awaiting, expiring],
      expiring_today: [expiring],
      unpaid: [accepted, partPaid],
      refunds_due: [refundable],
      jobs_today: [fresh, move, rescheduled, now],
      jobs_tomorrow: [awaiting, shipped],
      // No order here has a crew or a stop yet (tests/api/crews-staff.test.ts assigns them).
      unassigned_today: [fresh, move, rescheduled, now],
      attention: [],
    });
  }, 120_000);

  it('counts each kind of work, and nothing cancelled or delivered', async () => {
    const answer = await get(server, 'staff/overview', staff.token);
    expect(answer.status).toBe(200);
    const today = todayInLagos();
    expect(answer.body.data).toEqual({
      ...Object.fromEntries(overviewCounts.map((count) => [count, expected[count].length])),
      today,
      tomorrow: dayAfter(today),
    });
  });

  it.each(overviewCounts)(
    'links %s to a queue filter that lists exactly the orders counted',
    async (count) => {
      const { data } = (await get(server, 'staff/overview', staff.token)).body;
      const filter = overviewFilter(count, data) as Record<string, string>;
      const references = await listed(filter);
      expect(references).toHaveLength(data[count]);
      expect([...references].sort()).toEqual([...expected[count]].sort());
    },
  );

  it('lists orders needing a price oldest first', async () => {
    expect(
      await listed(
        overviewFilter('unpriced', { today: inDays(0), tomorrow: inDays(1) }) as Record<
          string,
          string
        >,
      ),
    ).toEqual(expected.unpriced);
  });

  it('is for staff only', async () => {
    expect((await get(server, 'staff/overview', customer.token)).status).toBe(403);
    expect((await get(server, 'staff/overview')).status).toBe(401);
  });
});

describe('the queue by job date', () => {
  it('sorts by job date, soonest first and undated last, and pages exactly while orders arrive', async () => {
    const all = await listed({ sort: 'job_date' });
    const jobDates = async () => {
      const rows = await server.app.db
        .selectFrom('shipments')
        .select(['reference', 'job_date'])
        .execute();
      return new Map(rows.map((row) => [row.reference, row.job_date]));
    };
    const dates = await jobDates();
    const order = all.map((reference) => dates.get(reference) ?? '9999-99-99');
    expect(order).toEqual([...order].sort());

    // Orders booked between two pages never repeat or hide a row of the listing.
    const first = await get(server, 'staff/orders?sort=job_date&limit=3', staff.token);
    await book(inDays(0));
    await book(inDays(15));
    const seen: string[] = first.body.data.map(
      (row: { reference_number: string }) => row.reference_number,
    );
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const page = await get(
        server,
        `staff/orders?sort=job_date&limit=3&cursor=${encodeURIComponent(cursor)}`,
        staff.token,
      );
      seen.push(...page.body.data.map((row: { reference_number: string }) => row.reference_number));
      cursor = page.body.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const reference of all) expect(seen).toContain(reference);
  });

  it('filters by the job date range, both days included, and sorts either way', async () => {
    const from = inDays(1);
    const to = inDays(5);
    const listedInRange = await listed({
      job_from: from,
      job_to: to,
      sort: 'job_date',
      dir: 'desc',
    });
    const dates = new Map(
      (await server.app.db.selectFrom('shipments').select(['reference', 'job_date']).execute()).map(
        (row) => [row.reference, row.job_date],
      ),
    );
    const inRange = [...dates]
      .filter(([, date]) => date !== null && date >= from && date <= to)
      .map(([reference]) => reference);
    expect([...listedInRange].sort()).toEqual(inRange.sort());
    const order = listedInRange.map((reference) => dates.get(reference)!);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('refuses a range that ends before it starts, an impossible day and a forged cursor, at the field', async () => {
    const backwards = await get(
      server,
      `staff/orders?job_from=${inDays(5)}&job_to=${inDays(1)}`,
      staff.token,
    );
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(backwards.body)).toContain('The last day must not be before the first.');
    const impossible = await get(server, 'staff/orders?job_from=2027-02-30', staff.token);
    expect(impossible.status).toBe(422);
    expect(JSON.stringify(impossible.body)).toContain('February 2027 has 28 days');
    expect(
      (await get(server, 'staff/orders?sort=job_date&cursor=2027-01-01~x', staff.token)).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await get(server, 'staff/orders?sort=job_date&cursor=2027-01-01~x', staff.token)).status,
    ).toBeLessThan(500);
  });
});

/** An ISO time as the orders CSV writes it: Lagos time (UTC+1), to the second. */
const lagosTime = (iso: string) =>
  new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('CSV exports', () => {
  it('gives a spreadsheet naira with two decimals, Lagos time and phone numbers kept as text (+234…)', async () => {
    const reference = await book(inDays(6));
    expect(
      (
        await post(
          server,
          `staff/orders/${reference}/offer`,
          { amount_kobo: 18_500_050, valid_until: inDays(3) },
          staff.token,
        )
      ).status,
    ).toBe(200);
    // Half past eleven at night in UTC is already the next day in Lagos.
    await sql`update shipments set created_at = '2026-11-27T23:30:05Z' where reference = ${reference}`.execute(
      server.app.db,
    );
    const answer = await call(
      server,
      'GET',
      `staff/orders?q=${reference}`,
      undefined,
      staff.token,
      {
        accept: 'text/csv',
      },
    );
    expect(answer.status).toBe(200);
    const [header, row, ...rest] = (answer.body as string).trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    const cells = Object.fromEntries(
      header!.split(',').map((name, i) => [name, row!.split(',')[i]]),
    );
    expect(cells).toEqual({
      reference,
      service_type: 'scheduled_delivery',
      status: 'ToInspect',
      created_at_lagos_time: '2026-11-28 00:30:05',
      job_date: inDays(6),
      customer: 'Ada Obi',
      email: customer.email,
      phone: '"=""+2348031234567' + '"'.repeat(3),
      price_naira: '185000.50',
      price_state: 'open',
      payment_state: '',
    });
  });

  it('exports the orders of the current filter, in the queue order', async () => {
    const answer = await call(
      server,
      'GET',
      'staff/orders?status=open&price=none&sort=created&dir=asc',
      undefined,
      staff.token,
      { accept: 'text/csv' },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (answer.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'reference,service_type,status,created_at_lagos_time,job_date,customer,email,phone,price_naira,price_state,payment_state',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      await listed({ status: 'open', price: 'none', sort: 'created', dir: 'asc' }),
    );
  });

  it('exports every order with the cells the queue shows, across batches, by either sort', async () => {
    // 450 more orders (the export reads 200 a statement), some with offers in every state: open,
    // open past its day (shown as expired), accepted, and one replaced under a newer one.
    await sql`insert into shipments (reference, user_id, service_type, status, created_at, updated_at)
      select 'RL-CSV' || lpad(n::text, 4, '0'), ${customer.userId}, 'scheduled_delivery', 'ToInspect',
        now() - n * interval '1 second', now()
      from generate_series(1, 450) as n`.execute(server.app.db);
    await sql`insert into offers (shipment_id, amount_kobo, valid_until, state, actor)
      select id, 100 * id, case when id % 3 = 0 then date '2020-01-01' else date '2099-01-01' end,
        case when id % 4 = 0 then 'accepted' else 'open' end, 'staff'
      from shipments where reference like 'RL-CSV%' and id % 2 = 0`.execute(server.app.db);
    await sql`update offers set state = 'replaced' where state = 'open' and id in
      (select min(offers.id) from offers join shipments s on s.id = offers.shipment_id where s.reference = 'RL-CSV0002')`.execute(
      server.app.db,
    );
    await sql`insert into offers (shipment_id, amount_kobo, valid_until, state, actor)
      select id, 777, date '2099-01-01', 'open', 'staff' from shipments where reference = 'RL-CSV0002'`.execute(
      server.app.db,
    );
    // A declined price, then a new one: the newer shows.
    await sql`delete from offers where shipment_id = (select id from shipments where reference = 'RL-CSV0003')`.execute(
      server.app.db,
    );
    for (const [amount, state] of [
      [555, 'declined'],
      [888, 'open'],
    ] as const)
      await sql`insert into offers (shipment_id, amount_kobo, valid_until, state, actor)
        select id, ${amount}, date '2099-01-01', ${state}, 'staff' from shipments where reference = 'RL-CSV0003'`.execute(
        server.app.db,
      );
    for (const sort of ['created', 'job_date']) {
      const shown: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = new URLSearchParams({
          status: 'open',
          sort,
          limit: '50',
          ...(cursor ? { cursor } : {}),
        }).toString();
        const page = await get(server, `staff/orders?${query}`, staff.token);
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        for (const order of page.body.data)
          shown.push(
            [
              order.reference_number,
              order.service_type,
              order.status,
              lagosTime(order.created_at),
              order.job_date ?? '',
              order.customer.fullname,
              order.customer.email,
              `"=""${order.customer.phone}${'"'.repeat(3)}`,
              order.offer ? (order.offer.amount_kobo / 100).toFixed(2) : '',
              order.offer?.state ?? '',
              order.payment_state ?? '',
            ].join(','),
          );
        cursor = page.body.next_cursor;
      } while (cursor);
      const file = await call(
        server,
        'GET',
        `staff/orders?status=open&sort=${sort}`,
        undefined,
        staff.token,
        { accept: 'text/csv' },
      );
      expect(file.status).toBe(200);
      const rows = (file.body as string).trimEnd().split('\r\n').slice(1);
      expect(rows.length).toBeGreaterThanOrEqual(450);
      expect(rows).toEqual(shown);
      expect(rows.find((row) => row.startsWith('RL-CSV0002,'))).toMatch(/,7\.77,open,/);
      expect(rows.find((row) => row.startsWith('RL-CSV0003,'))).toMatch(/,8\.88,open,/);
      expect(rows.some((row) => row.includes(',expired,'))).toBe(true);
      expect(rows.some((row) => row.includes(',accepted,'))).toBe(true);
    }
  }, 120_000);

  it('streams 100,000 subscribers, every one once, with formula cells shown as text', async () => {
    await sql`insert into newsletter_subscribers (email) select 'reader' || n || '@example.com' from generate_series(1, 99998) as n`.execute(
      server.app.db,
    );
    await sql`insert into newsletter_subscribers (email) values ('=HYPERLINK("http://evil")@example.com'), ('+2@example.com')`.execute(
      server.app.db,
    );
    const answer = await call(server, 'GET', 'staff/subscribers', undefined, staff.token, {
      accept: 'text/csv',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    const lines = (answer.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines).toHaveLength(100_001);
    expect(new Set(lines).size).toBe(100_001);
    expect(lines.at(-2)).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)@example.com",/);
    expect(lines.at(-1)).toMatch(/^'\+2@example.com,/);
  }, 120_000);
});

describe('the price filters as offers change', () => {
  it('moves an order between needing a price, awaiting an answer and expiring today as offers are sent, replaced and declined', async () => {
    const order = await book(inDays(4));
    const filtersListing = async () => {
      const under: string[] = [];
      for (const price of ['none', 'awaiting', 'expiring_today'])
        if ((await listed({ status: 'open', price })).includes(order)) under.push(price);
      return under;
    };
    expect(await filtersListing()).toEqual(['none']);
    await offer(order, inDays(0));
    expect(await filtersListing()).toEqual(['awaiting', 'expiring_today']);
    // A new offer replaces the open one: the order shows the new one's last day.
    const replacing = await offer(order, inDays(6));
    expect(await filtersListing()).toEqual(['awaiting']);
    const declined = await post(
      server,
      `users/orders/${order}/offer/decline`,
      { offer_id: replacing, reason: 'Too dear' },
      customer.token,
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(await filtersListing()).toEqual(['none']);
  });
});
