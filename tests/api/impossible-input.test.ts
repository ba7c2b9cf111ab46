/**
 * Values the database cannot hold, over real HTTP on every call that takes them: a date that is
 * not a day of the calendar (2027-02-29 passes `Date.parse`, PostgreSQL refuses it) is a 422 at
 * its field; a cursor beyond an integer id and a path id with a NUL in it are a 400 and a 404,
 * never a 500 with a database error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { calls } from '../../src/api/contract';
import { opsTokenOf, signUpStaff } from '../support/staff';
import {
  bulkDelivery,
  call,
  form,
  get,
  post,
  quote,
  receiverDetail,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
let customer: Customer;
let staff: Customer;
let delivery: string;
let quoteOrder: string;

beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
  staff = await signUpStaff(server);
  delivery = (await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token))
    .body.data.reference_number;
  quoteOrder = (await post(server, 'users/state-service', quote(), customer.token)).body.data
    .reference_number;
  await post(server, 'Mover-Registration', {
    full_name: 'Tunde Bello',
    email: 'tunde@example.com',
    age: 30,
    mobile_number: '08031234567',
    location: 'Lagos',
  });
  await post(server, 'newsletter', { email: 'reader@example.com' });
});
afterAll(async () => {
  await server?.close();
});

/** The next year after this one that is not a leap year, so its 29 February does not exist. */
const year = (() => {
  let next = new Date().getUTCFullYear() + 1;
  while (new Date(Date.UTC(next, 1, 29)).getUTCMonth() !== 2) next += 1;
  return next;
})();
const leapYear = (() => {
  let next = new Date().getUTCFullYear() + 1;
  while (new Date(Date.UTC(next, 1, 29)).getUTCMonth() !== 1) next += 1;
  return next;
})();

describe('a date that is not a day of the calendar', () => {
  type Send = (date: string) => Promise<{ status: number; body: any }>;
  const calls: Array<[string, string, Send]> = [
    [
      'users/schedule/delivery',
      'pickup_date',
      (date) =>
        post(
          server,
          'users/schedule/delivery',
          { ...scheduledDelivery(), pickup_date: date, delivery_date: `${year}-03-10` },
          customer.token,
        ),
    ],
    [
      'users/bulk/delivery',
      'receiver_details.0.date',
      (date) =>
        post(
          server,
          'users/bulk/delivery',
          { ...bulkDelivery(1), receiver_details: [{ ...receiverDetail(0), date }] },
          customer.token,
        ),
    ],
    [
      'users/state-service',
      'moving_date',
      (date) =>
        post(server, 'users/state-service', { ...quote(), moving_date: date }, customer.token),
    ],
    [
      'users/Local-service',
      'date_of_inspection',
      (date) =>
        post(
          server,
          'users/Local-service',
          form({ ...quote(), date_of_inspection: date, moving_date: `${year}-03-10` }),
          customer.token,
        ),
    ],
    [
      'users/Office-service',
      'moving_date',
      (date) =>
        post(
          server,
          'users/Office-service',
          form({ ...quote(), moving_date: date }),
          customer.token,
        ),
    ],
    [
      'users/orders/{id}/reschedule (a delivery)',
      'delivery_date',
      (date) =>
        post(
          server,
          `users/orders/${delivery}/reschedule`,
          { pickup_date: `${year}-01-10`, delivery_date: date },
          customer.token,
        ),
    ],
    [
      'users/orders/{id}/reschedule (a quote)',
      'moving_date',
      (date) =>
        post(
          server,
          `users/orders/${quoteOrder}/reschedule`,
          { moving_date: date },
          customer.token,
        ),
    ],
    [
      'staff/orders/{id}/offer',
      'valid_until',
      (date) =>
        post(
          server,
          `staff/orders/${delivery}/offer`,
          { amount_kobo: 18_500_000, note: 'Two men and a van', valid_until: date },
          staff.token,
        ),
    ],
  ];

  it.each(calls)('is a 422 at its field on %s', async (_call, field, send) => {
    for (const [date, message] of [
      [`${year}-02-29`, `February ${year} has 28 days: pick a date from the calendar.`],
      [`${year}-02-30`, `February ${year} has 28 days: pick a date from the calendar.`],
      [`${year}-04-31`, `April ${year} has 30 days: pick a date from the calendar.`],
      [`${year}-13-01`, 'Pick a date from the calendar.'],
      [`${year}-01-00`, 'Pick a date from the calendar.'],
    ]) {
      const answer = await send(date!);
      expect(answer.status, `${date}: ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.errors[field!]).toEqual([message]);
    }
  });

  it('29 February of a leap year is a day', async () => {
    const answer = await post(
      server,
      'users/schedule/delivery',
      {
        ...scheduledDelivery(),
        pickup_date: `${leapYear}-02-29`,
        delivery_date: `${leapYear}-03-01`,
      },
      customer.token,
    );
    expect(answer.status).toBe(200);
  });
});

describe('a cursor beyond an integer id', () => {
  it.each(['staff/orders', 'staff/applications', 'staff/subscribers'])(
    'is a 400 on %s',
    async (list) => {
      for (const cursor of ['999999999999', '2147483648', '0']) {
        const answer = await get(server, `${list}?cursor=${cursor}`, staff.token);
        expect(answer, cursor).toMatchObject({
          status: 400,
          body: { message: 'The cursor is not valid: start again from the first page.' },
        });
      }
      expect((await get(server, `${list}?cursor=2147483647`, staff.token)).status).toBe(200);
    },
  );

  it('is a 400 on users/orders, whose cursor is opaque', async () => {
    for (const id of ['2147483648', '999999999999']) {
      const cursor = Buffer.from(`o${id}`).toString('base64url');
      expect(await get(server, `users/orders?cursor=${cursor}`, customer.token)).toMatchObject({
        status: 400,
      });
    }
  });
});

describe('a path id no row can have', () => {
  const routes: Array<[string, string, (id: string) => string, () => string]> = [
    ['GET', 'users/orders/{id}', (id) => `users/orders/${id}`, () => customer.token],
    [
      'POST',
      'users/orders/{id}/offer/accept',
      (id) => `users/orders/${id}/offer/accept`,
      () => customer.token,
    ],
    [
      'POST',
      'users/orders/{id}/offer/decline',
      (id) => `users/orders/${id}/offer/decline`,
      () => customer.token,
    ],
    ['POST', 'users/orders/{id}/cancel', (id) => `users/orders/${id}/cancel`, () => customer.token],
    [
      'POST',
      'users/orders/{id}/reschedule',
      (id) => `users/orders/${id}/reschedule`,
      () => customer.token,
    ],
    ['GET', 'staff/orders/{id}', (id) => `staff/orders/${id}`, () => staff.token],
    ['POST', 'staff/orders/{id}/status', (id) => `staff/orders/${id}/status`, () => staff.token],
    ['POST', 'staff/orders/{id}/offer', (id) => `staff/orders/${id}/offer`, () => staff.token],
    [
      'POST',
      'staff/applications/{id}/status',
      (id) => `staff/applications/${id}/status`,
      () => staff.token,
    ],
  ];
  const bodies: Record<string, unknown> = {
    'users/orders/{id}/offer/decline': { reason: 'Too expensive' },
    'users/orders/{id}/cancel': { reason: 'Plans changed' },
    'users/orders/{id}/reschedule': {
      pickup_date: `${year}-01-10`,
      delivery_date: `${year}-01-12`,
    },
    'staff/orders/{id}/status': { status: 'Shipped', note: 'On the van' },
    'staff/orders/{id}/offer': {
      amount_kobo: 18_500_000,
      note: 'Two men and a van',
      valid_until: `${year}-01-10`,
    },
    'staff/applications/{id}/status': { status: 'contacted' },
  };

  it.each(routes)('is a 404 on %s %s', async (method, name, path, token) => {
    for (const id of [
      'RL-AB%00',
      `${delivery}%00`,
      '%00',
      '2147483648',
      '999999999999',
      `RL-${'A'.repeat(70)}`,
      'RL-AB%01',
      'RL-AB%7F',
    ]) {
      const answer = await call(
        server,
        method,
        path(id),
        bodies[name] === undefined ? undefined : JSON.stringify(bodies[name]),
        token(),
        { 'content-type': 'application/json' },
      );
      expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('still finds the order under its own reference, typed in lower case too', async () => {
    expect((await get(server, `users/orders/${delivery}`, customer.token)).status).toBe(200);
    expect(
      (await get(server, `users/orders/${delivery.toLowerCase()}`, customer.token)).status,
    ).toBe(200);
  });

  it('is checked after the session: without one it is a 401', async () => {
    expect((await get(server, 'users/orders/RL-AB%00')).status).toBe(401);
  });
});

describe('every path parameter of every call in the contract', () => {
  /** A NUL (no text column holds one), text past any id's length, letters beyond ASCII, bytes that are not UTF-8. */
  const hostile = [
    '%00',
    `${'RL-AB'}%00`,
    'A'.repeat(3_000),
    `RL-${'7'.repeat(90)}`,
    '%C3%A9t%C3%A9',
    '%F0%9F%9A%9A',
    '%E2%80%AE1',
    '%FF%FE',
    '%20',
  ];
  const withParams = Object.entries(calls).filter(([, call]) => call.path.includes('{'));
  const tokenFor = (auth: string) =>
    auth === 'bearer'
      ? customer.token
      : auth === 'staff'
        ? staff.token
        : auth === 'ops'
          ? opsTokenOf(server)
          : undefined;

  it('lists the calls it walks', () => {
    expect(withParams.map(([name]) => name)).toEqual(
      expect.arrayContaining(['verifyPayment', 'receipt', 'staffRefundDone', 'order']),
    );
  });

  it.each(withParams)('%s answers a 4xx for a hostile {id} or {key}', async (_name, spec) => {
    const token = tokenFor(spec.auth);
    const addresses = hostile.flatMap((value) => [
      spec.path.replace('{id}', value).replace('{key}', '1'),
      ...(spec.path.includes('{key}')
        ? [spec.path.replace('{id}', delivery).replace('{key}', value)]
        : []),
    ]);
    for (const address of addresses) {
      const answer = await call(
        server,
        spec.method,
        address,
        spec.method === 'GET' ? undefined : '{}',
        token,
        spec.method === 'GET' ? {} : { 'content-type': 'application/json' },
      );
      expect(
        answer.status,
        `${address.slice(0, 80)}: ${JSON.stringify(answer.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.status, address.slice(0, 80)).toBeLessThan(500);
    }
  });

  it("a stored image's name is checked the same way", async () => {
    for (const value of hostile) {
      const { status } = await fetch(`${server.origin}/uploads/${value}`);
      expect(status, value.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(status, value.slice(0, 80)).toBeLessThan(500);
    }
  });
});

describe('a staff queue cursor that names no place in the queue', () => {
  const INVALID = 'This page link is not valid: start again from the first page.';
  it.each(['created', 'job_date'])('is refused at `cursor` with sort=%s', async (sort) => {
    for (const cursor of [
      `${year}-02-30~5`,
      `${year}-13-01~5`,
      '~99999999999',
      '~2147483648',
      '2026-11-27~0',
      '~0',
      '~',
      '2026-11-27~',
      sort === 'created' ? '~5' : '5',
    ]) {
      const answer = await get(
        server,
        `staff/orders?sort=${sort}&cursor=${encodeURIComponent(cursor)}`,
        staff.token,
      );
      expect(answer.status, `${cursor}: ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.errors.cursor, cursor).toEqual([INVALID]);
    }
  });

  it('a cursor the queue gave still leads to the next page, with either sort', async () => {
    for (const sort of ['created', 'job_date']) {
      const first = await get(server, `staff/orders?sort=${sort}&limit=1`, staff.token);
      expect(first.body.next_cursor, sort).toEqual(expect.any(String));
      const next = await get(
        server,
        `staff/orders?sort=${sort}&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        staff.token,
      );
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.data[0].reference_number).not.toBe(first.body.data[0].reference_number);
    }
    const undated = await get(server, `staff/orders?sort=job_date&cursor=~2147483647`, staff.token);
    expect(undated.status).toBe(200);
    const dated = await get(
      server,
      `staff/orders?sort=job_date&cursor=${leapYear}-02-29~1`,
      staff.token,
    );
    expect(dated.status).toBe(200);
  });
});
