/** Limits per account: bookings per hour, the orders list in pages, and how deep a JSON body may nest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import {
  bulkDelivery,
  call,
  form,
  get,
  instantDelivery,
  pngBlob,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ orderRateLimit: 3 });
});
afterAll(async () => {
  await server?.close();
});

describe('ORDER_RATE_LIMIT', () => {
  it('stops the fourth quote or delivery of the hour with 429, a message and Retry-After', async () => {
    const customer = await signUp(server);
    expect((await post(server, 'users/state-service', quote(), customer.token)).status).toBe(200);
    expect(
      (await post(server, 'users/StoreDilivery', instantDelivery(), customer.token)).status,
    ).toBe(200);
    const key = { 'idempotency-key': 'third-booking' };
    const third = await call(
      server,
      'POST',
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
      key,
    );
    expect(third.status).toBe(200);

    for (const refused of [
      await post(server, 'users/bulk/delivery', bulkDelivery(2), customer.token),
      await post(server, 'users/Local-service', form(quote(), { file: pngBlob() }), customer.token),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^You have reached the limit of 3 bookings an hour\. Please try again in \d+ minutes?\.$/,
      );
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // A retried submit books nothing, so the limit does not refuse it; another customer is not limited.
    expect(
      await call(
        server,
        'POST',
        'users/schedule/delivery',
        scheduledDelivery(),
        customer.token,
        key,
      ),
    ).toMatchObject({ status: 200, body: third.body });
    expect(
      (await post(server, 'users/StoreDilivery', instantDelivery(), (await signUp(server)).token))
        .status,
    ).toBe(200);
    const stored = await server.app.db
      .selectFrom('shipments')
      .select('id')
      .where('user_id', '=', customer.userId)
      .execute();
    expect(stored).toHaveLength(3);
    expect(
      await server.app.db
        .selectFrom('files')
        .select('name')
        .where('owner_id', '=', customer.userId)
        .execute(),
    ).toEqual([]);
  });

  it('is off at 0', async () => {
    const unlimited = await startTestServer({ orderRateLimit: 0 });
    try {
      const customer = await signUp(unlimited);
      for (let booking = 0; booking < 5; booking += 1) {
        expect(
          (await post(unlimited, 'users/StoreDilivery', instantDelivery(), customer.token)).status,
        ).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe('GET users/orders paging', () => {
  let paged: TestServer;
  let customer: Customer;
  beforeAll(async () => {
    paged = await startTestServer();
    customer = await signUp(paged);
  });
  afterAll(async () => {
    await paged?.close();
  });

  const book = async (count: number) => {
    const references: string[] = [];
    for (let at = 0; at < count; at += 5) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(5, count - at) }, () =>
          post(paged, 'users/StoreDilivery', instantDelivery(), customer.token),
        ),
      );
      references.push(...answers.map((answer) => answer.body.data.reference_number as string));
    }
    return references;
  };
  const page = (cursor?: string) =>
    get(
      paged,
      `users/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      customer.token,
    );

  it('pages newest first, 50 at most, without repeats or gaps while orders are added between pages', async () => {
    const earlier = await book(57);
    // Orders booked in the same instant are ordered by id: give a few the same created_at.
    const tied = new Date(Date.now() - 60_000);
    await paged.app.db
      .updateTable('shipments')
      .set({ created_at: tied })
      .where('reference', 'in', earlier.slice(20, 30))
      .execute();

    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(typeof first.body.next_cursor).toBe('string');
    const later = await book(4);
    const second = await page(first.body.next_cursor);
    expect(second.body.data).toHaveLength(7);
    expect(second.body.next_cursor).toBeNull();

    const seen = [...first.body.data, ...second.body.data].map(
      (order: { reference_number: string }) => order.reference_number,
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(earlier));
    const times = [...first.body.data, ...second.body.data].map((order: { created_at: string }) =>
      Date.parse(order.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const fresh = await page();
    expect(
      new Set(
        fresh.body.data
          .slice(0, 4)
          .map((order: { reference_number: string }) => order.reference_number),
      ),
    ).toEqual(new Set(later));
  });

  it('answers one page with a null next_cursor when everything fits, and 400 for a cursor it did not give', async () => {
    const other = await signUp(paged);
    await post(paged, 'users/StoreDilivery', instantDelivery(), other.token);
    const only = await get(paged, 'users/orders', other.token);
    expect(only.body).toMatchObject({ message: 'Orders found', next_cursor: null });
    expect(only.body.data).toHaveLength(1);
    for (const cursor of ['not a cursor', 'bm9wZQ', 'x'.repeat(60)]) {
      const answer = await get(
        paged,
        `users/orders?cursor=${encodeURIComponent(cursor)}`,
        other.token,
      );
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'The cursor is not valid: start again from the first page.' },
      });
    }
  });
});

describe('JSON depth', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('answers 400 with a message for bodies nested deeper than 32 levels, however deep', async () => {
    const customer = await signUp(server);
    for (const depth of [33, 10_000, 390_000]) {
      const answer = await call(
        server,
        'POST',
        'users/schedule/delivery',
        nested(depth),
        customer.token,
        { 'content-type': 'application/json' },
      );
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'The request body is nested too deeply: at most 32 levels.' },
      });
    }
    // Brackets inside strings (after escaped quotes and backslashes too) are text, not nesting.
    for (const email of [
      `${'['.repeat(100)}@example.com`,
      `\\"${'['.repeat(100)}`,
      `\\\\${'{'.repeat(100)}`,
    ]) {
      const inString = JSON.stringify({ email });
      expect(
        (
          await call(server, 'POST', 'newsletter', inString, undefined, {
            'content-type': 'application/json',
          })
        ).status,
      ).toBe(422);
    }
    const afterEscapedBackslash = `{"email":"\\\\"}${'['.repeat(40)}`;
    expect(
      (
        await call(server, 'POST', 'newsletter', afterEscapedBackslash, undefined, {
          'content-type': 'application/json',
        })
      ).status,
    ).toBe(400);
  });

  it('still reads nested bodies within the limit', async () => {
    const customer = await signUp(server);
    expect(
      (await post(server, 'users/bulk/delivery', bulkDelivery(3), customer.token)).status,
    ).toBe(200);
    const answer = await call(
      server,
      'POST',
      'newsletter',
      `{"email":${nested(31).replace('[]', '["a@example.com"]')}}`,
      undefined,
      { 'content-type': 'application/json' },
    );
    expect(answer.status).toBe(422);
  });
});
