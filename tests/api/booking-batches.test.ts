/**
 * Bookings made at the same moment share one statement (server/orders/batches.ts). A wrong batch
 * would store one customer's booking under another's account, mix up their details or mail the
 * wrong person, or let one customer's refusal fail everyone's booking. Here many customers book
 * every kind of booking at once, with an ended session, a customer at the hourly limit and a
 * submit sent twice among them, and each answer and each stored row is checked against what
 * its own request sent.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox, referenceFrom } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import {
  bulkDelivery,
  call,
  get,
  instantDelivery,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Answer,
  type Customer,
} from '../support/api';

// Above what the live customers book here (17 each at most), so only the customer brought near it meets it.
const LIMIT = 20;

let server: TestServer;
beforeAll(async () => {
  // One statement at a time, so the bookings that arrive meanwhile wait and go together.
  server = await startTestServer({
    orderRateLimit: LIMIT,
    bookingBatches: { maxSize: 16, maxRunning: 1 },
  });
});
afterAll(async () => {
  await server?.close();
});

interface Sent {
  customer: Customer;
  /** What marks this request's rows: its description, or its quote's address. */
  mark: string;
  /** How many receivers a delivery sent. */
  receivers: number;
  answer: Promise<Answer>;
}

it('stores each of many bookings made at once under its own account, with its own details and mail', async () => {
  const customers = await Promise.all(Array.from({ length: 4 }, () => signUp(server)));
  const [signedOut, atLimit] = await Promise.all([signUp(server), signUp(server)]);
  expect((await get(server, 'users/logout', signedOut!.token)).status).toBe(200);
  for (let booked = 0; booked < LIMIT - 1; booked += 1) {
    expect(
      (await post(server, 'users/StoreDilivery', instantDelivery(), atLimit!.token)).status,
    ).toBe(200);
  }

  const sent: Sent[] = [];
  const send = (
    customer: Customer,
    path: string,
    body: Record<string, unknown>,
    mark: string,
    headers: Record<string, string> = {},
  ) => {
    const receivers = Array.isArray(body.receiver_details)
      ? body.receiver_details.length
      : path.includes('service')
        ? 0
        : 1;
    sent.push({
      customer,
      mark,
      receivers,
      answer: call(server, 'POST', path, body, customer.token, headers),
    });
  };
  customers.forEach((customer, who) => {
    for (let round = 0; round < 4; round += 1) {
      const mark = `customer ${who} booking ${round}`;
      send(
        customer,
        'users/schedule/delivery',
        { ...scheduledDelivery(), description: `${mark} scheduled` },
        `${mark} scheduled`,
      );
      send(
        customer,
        'users/StoreDilivery',
        { ...instantDelivery(), description: `${mark} instant` },
        `${mark} instant`,
      );
      send(
        customer,
        'users/bulk/delivery',
        { ...bulkDelivery(1 + ((who + round) % 3)), description: `${mark} bulk` },
        `${mark} bulk`,
      );
      send(
        customer,
        'users/state-service',
        { ...quote(), moving_from_address: `${mark} quote` },
        `${mark} quote`,
      );
    }
  });
  const twice = { 'idempotency-key': 'sent-twice' };
  send(
    customers[0]!,
    'users/schedule/delivery',
    { ...scheduledDelivery(), description: 'sent twice' },
    'sent twice',
    twice,
  );
  send(
    customers[0]!,
    'users/schedule/delivery',
    { ...scheduledDelivery(), description: 'sent twice' },
    'sent twice',
    twice,
  );
  for (let attempt = 0; attempt < 3; attempt += 1) {
    send(
      signedOut!,
      'users/schedule/delivery',
      { ...scheduledDelivery(), description: `signed out ${attempt}` },
      `signed out ${attempt}`,
    );
    send(
      atLimit!,
      'users/schedule/delivery',
      { ...scheduledDelivery(), description: `at limit ${attempt}` },
      `at limit ${attempt}`,
    );
  }

  const answers = await Promise.all(
    sent.map(async (request) => ({ ...request, answer: await request.answer })),
  );

  const signedOutAnswers = answers.filter(({ customer }) => customer === signedOut);
  expect(signedOutAnswers.map(({ answer }) => answer.status)).toEqual([401, 401, 401]);
  // The customer at LIMIT - 1 gets one more booking, and the others of that moment are refused.
  const limited = answers
    .filter(({ customer }) => customer === atLimit)
    .map(({ answer }) => answer.status);
  expect(limited.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
  expect(limited.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
  const booked = answers.filter(
    ({ customer, answer }) => customer !== signedOut && answer.status === 200,
  );
  const live = answers.filter(({ customer }) => customers.includes(customer));
  expect(live.map(({ answer }) => answer.status)).toEqual(live.map(() => 200));

  const [first, second] = live.filter(({ mark }) => mark === 'sent twice');
  expect(second!.answer.body.data.reference_number).toBe(first!.answer.body.data.reference_number);

  const { db } = server.app;
  for (const { customer, mark, receivers, answer } of booked) {
    const reference: string = answer.body.data.reference_number;
    const shipment = await db
      .selectFrom('shipments')
      .select(['id', 'user_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(shipment.user_id).toBe(customer.userId);
    const delivery = await db
      .selectFrom('deliveries')
      .select('description')
      .where('shipment_id', '=', shipment.id)
      .executeTakeFirst();
    const stored = await db
      .selectFrom('quotes')
      .select('moving_from_address')
      .where('shipment_id', '=', shipment.id)
      .executeTakeFirst();
    expect(delivery?.description ?? stored?.moving_from_address).toBe(mark);
    const positions = await db
      .selectFrom('delivery_receivers')
      .select('position')
      .where('shipment_id', '=', shipment.id)
      .orderBy('position')
      .execute();
    expect(positions.map(({ position }) => position)).toEqual(
      Array.from({ length: receivers }, (_, index) => index),
    );
  }
  // Nothing more stored: no booking for the ended session, one for the submit sent twice.
  const references = new Set<string>(booked.map(({ answer }) => answer.body.data.reference_number));
  const storedFor = async (customer: Customer) =>
    (
      await db
        .selectFrom('shipments')
        .select('reference')
        .where('user_id', '=', customer.userId)
        .execute()
    )
      .map(({ reference }) => reference)
      .sort();
  for (const customer of [...customers, signedOut!]) {
    const answered = new Set(
      booked
        .filter((request) => request.customer === customer)
        .map(({ answer }) => answer.body.data.reference_number as string),
    );
    expect(await storedFor(customer)).toEqual([...answered].sort());
  }
  expect(await storedFor(atLimit!)).toHaveLength(
    LIMIT - 1 + limited.filter((status) => status === 200).length,
  );

  // Each booking's mail went to its own customer, with its own reference, once.
  const mails = (await readOutbox(server)).filter((mail) => /We received your/.test(mail.subject));
  for (const reference of references) {
    const toIt = mails.filter((mail) => referenceFrom(mail.text) === reference);
    const owner = booked.find(
      ({ answer }) => answer.body.data.reference_number === reference,
    )!.customer;
    expect(toIt.map((mail) => mail.to)).toEqual([owner.email]);
  }

  // They were stored together: a statement's rows share its start time, now(). The embedded
  // database runs a statement within one turn of the event loop, so there nothing waits and each
  // booking goes alone; the PostgreSQL pass (npm run test:api:postgres) sees the batches.
  if (!server.databaseUrl) return;
  const created = await db
    .selectFrom('shipments')
    .select(['created_at', 'user_id'])
    .where('reference', 'in', [...references])
    .execute();
  const moments = new Map<number, Set<number>>();
  for (const { created_at, user_id } of created)
    moments.set(
      created_at.getTime(),
      (moments.get(created_at.getTime()) ?? new Set()).add(user_id),
    );
  expect([...moments.values()].some((owners) => owners.size > 1)).toBe(true);
});
