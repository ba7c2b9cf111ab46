/**
 * `npm run bench:limits`: what the per-account protections cost, measured in one run.
 * - Idempotency-Key: scheduled-delivery bookings with a new key each against bookings without
 *   one, in alternating rounds at 10 at a time (goal: a few percent).
 * - The hourly per-account limit: the same bookings on a second server with the default limit on,
 *   spread over enough accounts that none is refused, in the same alternating rounds (goal: a few
 *   percent).
 * - Deep JSON: a 780 KB body nested 390,000 levels (answered 400) against a flat body of the same
 *   size (the issue measured 100 ms of CPU per deep request before the depth check).
 * Loopback only, bounded in count, ends by itself. PostgreSQL when DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../server/http/json-depth';
import { codeFrom, waitForMailTo } from '../tests/support/mail';
import { startTestServer, type TestServer } from '../tests/support/server';

const ROUNDS = 6;
const BOOKINGS_PER_ROUND = 200;
const CONCURRENCY = 10;
const DEEP_REQUESTS = 30;
const PASSWORD = 'Benchmarks at harmattan 9';

const daysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** Milliseconds to send `count` requests, `CONCURRENCY` at a time. */
async function timed(
  count: number,
  send: () => Promise<{ status: number }>,
  expected: number,
): Promise<number> {
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const { status } = await send();
        if (status !== expected) throw new Error(`expected ${expected}, got ${status}`);
      }
    }),
  );
  return performance.now() - started;
}

/** A new verified customer's bearer header on `server`. */
async function signedIn(server: TestServer): Promise<Record<string, string>> {
  const email = `bench.${crypto.randomUUID()}@example.com`;
  await post(
    `${server.apiUrl}/register`,
    JSON.stringify({
      fullname: 'Bench Mark',
      email,
      phone: '08031234567',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
  );
  await post(
    `${server.apiUrl}/verify-email`,
    JSON.stringify({
      verification_token: codeFrom((await waitForMailTo(server.dataDir, email)).text),
      email,
    }),
  );
  const { token } = (
    await post(`${server.apiUrl}/login`, JSON.stringify({ email, password: PASSWORD }))
  ).body;
  return { authorization: `Bearer ${token}` };
}

const server = await startTestServer();
// A server with the default hourly limit on; the limited bookings go round enough accounts that
// none is refused, and each count reads up to the limit of bookings, as an account near its limit.
const ORDER_LIMIT = 60;
const limitedServer = await startTestServer({ orderRateLimit: ORDER_LIMIT });
try {
  const auth = await signedIn(server);
  const bookingUrl = `${server.apiUrl}/users/schedule/delivery`;
  const delivery = JSON.stringify({
    pickup_address: '12 Admiralty Way, Lekki, Lagos',
    delivery_address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
    sender_fullname: 'Ada Obi',
    receiver_fullname: 'Chinedu Eze',
    sender_phone: '08031234567',
    receiver_phone: '08051234567',
    pickup_date: daysFromNow(2),
    delivery_date: daysFromNow(4),
    description: 'Two boxes of books',
  });
  const plain = () => post(bookingUrl, delivery, auth);
  const keyed = () =>
    post(bookingUrl, delivery, { ...auth, 'idempotency-key': crypto.randomUUID() });
  const limitedBookings = 100 + ROUNDS * BOOKINGS_PER_ROUND;
  const accounts: Array<Record<string, string>> = [];
  while (accounts.length < Math.ceil(limitedBookings / (ORDER_LIMIT - 5)))
    accounts.push(await signedIn(limitedServer));
  let turn = 0;
  const limited = () =>
    post(
      `${limitedServer.apiUrl}/users/schedule/delivery`,
      delivery,
      accounts[turn++ % accounts.length]!,
    );

  await timed(100, plain, 200);
  await timed(100, keyed, 200);
  await timed(100, limited, 200);
  let plainMs = 0;
  let keyedMs = 0;
  let limitedMs = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    plainMs += await timed(BOOKINGS_PER_ROUND, plain, 200);
    keyedMs += await timed(BOOKINGS_PER_ROUND, keyed, 200);
    limitedMs += await timed(BOOKINGS_PER_ROUND, limited, 200);
  }
  const bookings = ROUNDS * BOOKINGS_PER_ROUND;

  const deep = `${'['.repeat(390_000)}${']'.repeat(390_000)}`;
  // The same size, flat: what reading 780 KB costs anyway (a field too long for its schema).
  const flat = JSON.stringify({ description: 'x'.repeat(deep.length - 20) });
  await timed(5, () => post(bookingUrl, deep, auth), 400);
  await timed(5, () => post(bookingUrl, flat, auth), 422);
  const deepMs = await timed(DEEP_REQUESTS, () => post(bookingUrl, deep, auth), 400);
  // The server's own work on the deep body: the depth check, beside parsing it as before.
  const checkStarted = performance.now();
  for (let run = 0; run < 1000; run += 1) nestedDeeperThan(deep, MAX_JSON_DEPTH);
  const checkMs = (performance.now() - checkStarted) / 1000;
  const parseStarted = performance.now();
  for (let run = 0; run < 10; run += 1) JSON.parse(deep);
  const parseMs = (performance.now() - parseStarted) / 10;
  const flatMs = await timed(DEEP_REQUESTS, () => post(bookingUrl, flat, auth), 422);

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`\nLimits bench, loopback, ${database}, ${CONCURRENCY} at a time\n`);
  console.log(
    `Booking without a key:     ${(plainMs / bookings).toFixed(2)} ms per booking (${bookings} bookings)`,
  );
  console.log(
    `Booking with a new key:    ${(keyedMs / bookings).toFixed(2)} ms per booking (${bookings} bookings)`,
  );
  console.log(
    `Idempotency-Key cost:      ${(((keyedMs - plainMs) / plainMs) * 100).toFixed(1)}% of a booking`,
  );
  console.log(
    `Booking, hourly limit on:  ${(limitedMs / bookings).toFixed(2)} ms per booking (${bookings} bookings, ${accounts.length} accounts, limit ${ORDER_LIMIT})`,
  );
  console.log(
    `Hourly limit cost:         ${(((limitedMs - plainMs) / plainMs) * 100).toFixed(1)}% of a booking`,
  );
  console.log(
    `780 KB nested 390,000 deep: ${(deepMs / DEEP_REQUESTS).toFixed(2)} ms per request (400)`,
  );
  console.log(
    `780 KB flat, for scale:     ${(flatMs / DEEP_REQUESTS).toFixed(2)} ms per request (422)`,
  );
  console.log(
    `Depth check of the deep body: ${(checkMs * 1000).toFixed(1)} µs; JSON.parse of it (what ran before): ${parseMs.toFixed(1)} ms`,
  );
} finally {
  await server.close();
  await limitedServer.close();
}
