/**
 * Refusals inside a batch of bookings (server/orders/batches.ts, server/orders/booking.ts). A
 * booking whose token is garbage must not cost the good bookings stored with it a statement
 * more, and bookings that one account sends at the very same moment must not pass its hourly
 * limit together.
 *
 * To send a burst that is sure to arrive while earlier bookings are being stored (as it does on
 * a busy server), the test holds a lock on `shipments` in a transaction of its own while the
 * requests come in: the first booking's statement waits on it, so the others wait in the
 * server's batches. On the embedded database the transaction holds its one connection, which
 * does the same. Then it lets go and reads the answers.
 */
import http from 'node:http';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { orderLimitMessage } from '../../server/orders/order-limit';
import { readOutbox } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { call, post, scheduledDelivery, signUp, type Answer, type Customer } from '../support/api';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Holds a lock that stops every booking statement until `release` is called. */
async function holdBookings(running: TestServer): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = running.app.db.transaction().execute(async (trx) => {
    await sql`lock table shipments in share mode`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

/** Sends `requests` while bookings are held, waits until the server has read them all, then lets the bookings go. */
async function burst(
  running: TestServer,
  requests: Array<() => Promise<Answer>>,
): Promise<Answer[]> {
  const hold = await holdBookings(running);
  let received = 0;
  const count = () => (received += 1);
  (running.app.server as http.Server).on('request', count);
  const answers = Promise.all(requests.map((send) => send()));
  const started = Date.now();
  while (received < requests.length && Date.now() - started < 10_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  (running.app.server as http.Server).off('request', count);
  // Their bodies read and checked, each booking is queued: that is a few turns of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await hold.release();
  return answers;
}

/** Counts the statements the server sends about bookings and sessions (not the mail sender's). */
function countStatements(running: TestServer) {
  const executor = running.app.db.getExecutor() as unknown as {
    executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
  };
  const original = executor.executeQuery;
  const counted = { statements: 0, stop: () => void (executor.executeQuery = original) };
  executor.executeQuery = function (query, ...rest) {
    if (/"(sessions|shipments)"/.test(query.sql)) counted.statements += 1;
    return original.call(this, query, ...rest);
  };
  return counted;
}

const GARBAGE = 'this-is-no-token-the-server-gave-anyone';

it.each([
  ['with the hourly limit off', 0],
  ['with the hourly limit on', 1_000],
])(
  'a batch with garbage tokens among good bookings answers each alone and runs no more statements than the good ones need (%s)',
  { timeout: 60_000 },
  async (_name, limit) => {
    server = await startTestServer({
      orderRateLimit: limit,
      bookingBatches: { maxSize: 64, maxRunning: 1 },
    });
    const running = server;
    const customers = await Promise.all(Array.from({ length: 4 }, () => signUp(running)));
    const signedOut = await signUp(running);
    await call(running, 'GET', 'users/logout', undefined, signedOut.token);
    // Once each first, so the server's once-a-while work (clearing old keys) is not counted below.
    for (const customer of customers)
      expect(
        (await post(running, 'users/schedule/delivery', scheduledDelivery(), customer.token))
          .status,
      ).toBe(200);

    const book = (token: string, description: string) => () =>
      call(
        running,
        'POST',
        'users/schedule/delivery',
        { ...scheduledDelivery(), description },
        token,
      );
    const good = (round: string) =>
      customers.flatMap((customer, who) =>
        Array.from({ length: 8 }, (_, nth) => ({
          customer,
          description: `${round} ${who}.${nth}`,
        })),
      );

    const alone = good('good only');
    const goodOnly = countStatements(running);
    const aloneAnswers = await burst(
      running,
      alone.map(({ customer, description }) => book(customer.token, description)),
    );
    goodOnly.stop();
    expect(aloneAnswers.map((answer) => answer.status)).toEqual(alone.map(() => 200));

    const mixed = good('mixed');
    const bad = [GARBAGE, `${GARBAGE}-2`, `${GARBAGE}-3`, signedOut.token];
    const withBad = countStatements(running);
    const sent = [
      ...mixed.map(({ customer, description }) => book(customer.token, description)),
      ...bad.map((token, nth) => book(token, `bad ${nth}`)),
    ];
    // The bad ones among the good, not only at the end.
    const order = sent
      .map((_, index) => index)
      .sort((a, b) => ((a * 7) % sent.length) - ((b * 7) % sent.length));
    const answersInOrder = await burst(
      running,
      order.map((index) => sent[index]!),
    );
    withBad.stop();
    const answers: Answer[] = [];
    order.forEach((index, at) => (answers[index] = answersInOrder[at]!));

    const goodAnswers = answers.slice(0, mixed.length);
    expect(goodAnswers.map((answer) => answer.status)).toEqual(mixed.map(() => 200));
    for (const answer of answers.slice(mixed.length)) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Please log in again: your session has ended.');
    }
    expect(withBad.statements).toBeLessThanOrEqual(goodOnly.statements);
    // With the bookings held, the first goes alone and the rest together.
    expect(goodOnly.statements).toBeLessThanOrEqual(2);

    // Each good booking stored under its own account, with its own description; nothing for the bad ones.
    const { db } = running.app;
    for (const [index, { customer, description }] of mixed.entries()) {
      const stored = await db
        .selectFrom('shipments')
        .innerJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
        .select(['shipments.user_id', 'deliveries.description'])
        .where('shipments.reference', '=', goodAnswers[index]!.body.data.reference_number)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ user_id: customer.userId, description });
    }
    const stored = await db
      .selectFrom('deliveries')
      .select('description')
      .where('description', 'like', 'bad %')
      .execute();
    expect(stored).toEqual([]);
    expect(
      await db
        .selectFrom('shipments')
        .select('id')
        .where('user_id', '=', signedOut.userId)
        .execute(),
    ).toEqual([]);
  },
);

it.each([
  ['as the server runs by default', { maxSize: 16, maxRunning: 4 }],
  // The first booking alone, then 16 together: the limit is met inside a batch.
  ['one statement at a time', { maxSize: 16, maxRunning: 1 }],
])(
  'holds the hourly limit when one account sends a burst of 64 bookings at once: 3 stored, 429 for the rest (%s)',
  { timeout: 60_000 },
  async (_name, bookingBatches) => {
    const limit = 3;
    server = await startTestServer({ orderRateLimit: limit, bookingBatches });
    const running = server;
    const customer: Customer = await signUp(running);
    const answers = await burst(
      running,
      Array.from(
        { length: 64 },
        (_, nth) => () =>
          call(
            running,
            'POST',
            'users/schedule/delivery',
            { ...scheduledDelivery(), description: `burst ${nth}` },
            customer.token,
          ),
      ),
    );

    const booked = answers.filter((answer) => answer.status === 200);
    expect(booked).toHaveLength(limit);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    for (const answer of refused) {
      expect(answer.body.message).toBe(orderLimitMessage(limit, 60));
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    const stored = await running.app.db
      .selectFrom('shipments')
      .select('reference')
      .where('user_id', '=', customer.userId)
      .orderBy('reference')
      .execute();
    expect(stored.map(({ reference }) => reference)).toEqual(
      booked.map((answer) => answer.body.data.reference_number as string).sort(),
    );
    const mails = (await readOutbox(running)).filter(
      (mail) => mail.to === customer.email && /We received your/.test(mail.subject),
    );
    expect(mails).toHaveLength(limit);

    // Another account is not held back by it.
    expect(
      (
        await post(
          running,
          'users/schedule/delivery',
          scheduledDelivery(),
          (await signUp(running)).token,
        )
      ).status,
    ).toBe(200);
  },
);
