/**
 * `npm run bench:api`: the two calls customers make most, sent as the website sends them, each
 * beside a bare Fastify route doing the least the same request needs, measured in one run:
 *
 * - the tracking lookup, `multipart/form-data` as the site's client builds it (FormData), beside a
 *   bare route that reads the same multipart body to its end;
 * - the scheduled-delivery booking, JSON with a signed-in customer's bearer token, beside a bare
 *   route making one INSERT of a booking-sized row on the same PostgreSQL with a pool of the
 *   server's size; at 50 connections, and the booking again at 200.
 *
 * Goals (printed as met or not): tracking ≥ 0.5× the bare multipart route; booking ≥ 0.5× the
 * bare INSERT route at 50 connections; booking p99 at 200 connections < 250 ms with no errors.
 * The bookings' mails are delivered after their answers (the outbox): the script prints how many were still waiting when the load ended, and how long
 * they took to go out (it waits at most MAIL_WAIT_SECONDS, 300 by default).
 *
 * autocannon runs in a process of its own (scripts/bench-load.mjs); loopback only; BENCH_SECONDS
 * per measurement (8 by default); ends by itself. On PostgreSQL when DATABASE_URL is set (a
 * scratch database, dropped at the end); on the embedded database otherwise, where the booking
 * goals are not judged.
 *
 * BAD_TOKEN_SHARE (0 by default, e.g. 0.06): that share of the bookings, drawn at random, carry a
 * garbage bearer token (answered 401, not counted as errors); the same loads then run again
 * without bad tokens, and the script prints the good bookings per second with them against
 * without them (goal: ≥ 0.9, one customer's bad requests costing the others under 10 %). BENCH_PARTS=booking measures the booking
 * alone (default: tracking,booking).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '../server/db/database';
import { codeFrom, lastMailTo } from '../tests/support/mail';
import { startTestServer } from '../tests/support/server';

// The per-account booking limit would refuse most of the bench's bookings: off for this run only.
process.env.ORDER_RATE_LIMIT = '0';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const MAIL_WAIT_SECONDS = Number(process.env.MAIL_WAIT_SECONDS ?? 300);
const PASSWORD = 'Benchmarks at harmattan 9';
const BAD_TOKEN_SHARE = Number(process.env.BAD_TOKEN_SHARE ?? 0);
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'tracking,booking').split(',').map((part) => part.trim()),
);
const LOAD = fileURLToPath(new URL('./bench-load.mjs', import.meta.url));

interface Load {
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Result {
  requests: { average: number; total: number };
  latency: { p99: number };
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** autocannon in a process of its own, so generating the load does not slow the server measured; `badTokenShare` of the requests with a garbage token. */
async function measure(
  { url, headers, body }: Load,
  connections: number,
  seconds = SECONDS,
  badTokenShare = 0,
): Promise<Result> {
  const options = JSON.stringify({ url, headers, body, connections, seconds, badTokenShare });
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD, options], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

/** The bytes and content type a fetch client (the site's ky, in a browser or Node) sends for this form. */
async function multipart(
  fields: Record<string, string>,
): Promise<{ contentType: string; body: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { contentType: encoded.headers.get('content-type')!, body: await encoded.text() };
}

async function postJson(url: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function listen(app: FastifyInstance, path: string): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${path}`;
}

/** Reads a multipart body to its end and answers, parsing nothing: the least a multipart call costs. */
async function bareMultipartRoute(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.on('data', () => {});
    payload.on('end', () => done(null, null));
    payload.on('error', done);
  });
  app.post('/bare-multipart', async () => ({ message: 'ok' }));
  return { app, url: await listen(app, '/bare-multipart') };
}

/** One INSERT of the booking's fields per request, on a pool of the server's size: the least a durable booking costs. */
async function bareInsertRoute(
  databaseUrl: string,
): Promise<{ app: FastifyInstance; url: string }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  await pool.query(`create table bench_bookings (
    id serial primary key, pickup_address text, delivery_address text, sender_fullname text, receiver_fullname text,
    sender_phone text, receiver_phone text, pickup_date date, delivery_date date, description text,
    created_at timestamptz not null default now())`);
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => pool.end());
  app.post<{ Body: Record<string, string> }>('/bare-insert', async ({ body }) => {
    const columns = [
      'pickup_address',
      'delivery_address',
      'sender_fullname',
      'receiver_fullname',
      'sender_phone',
      'receiver_phone',
      'pickup_date',
      'delivery_date',
      'description',
    ];
    const { rows } = await pool.query(
      `insert into bench_bookings (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning id`,
      columns.map((column) => body[column]),
    );
    return { message: 'ok', data: { id: rows[0].id } };
  });
  return { app, url: await listen(app, '/bare-insert') };
}

const daysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const server = await startTestServer();
const closers: Array<() => Promise<unknown>> = [() => server.close()];
try {
  const email = `bench.${Date.now()}@example.com`;
  await postJson(`${server.apiUrl}/register`, {
    fullname: 'Bench Mark',
    email,
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  await postJson(`${server.apiUrl}/verify-email`, {
    verification_token: codeFrom((await lastMailTo(server, email))!.text),
    email,
  });
  const { token } = await postJson(`${server.apiUrl}/login`, { email, password: PASSWORD });
  const delivery = {
    pickup_address: '12 Admiralty Way, Lekki, Lagos',
    delivery_address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
    sender_fullname: 'Ada Obi',
    receiver_fullname: 'Chinedu Eze',
    sender_phone: '08031234567',
    receiver_phone: '08051234567',
    pickup_date: daysFromNow(2),
    delivery_date: daysFromNow(4),
    description: 'Two boxes of books',
  };
  const booked = await postJson(`${server.apiUrl}/users/schedule/delivery`, delivery, token);
  const lookupForm = await multipart({ reference_id: booked.data.reference_number });

  const bareMultipart = await bareMultipartRoute();
  closers.push(() => bareMultipart.app.close());
  const bareInsert = server.databaseUrl ? await bareInsertRoute(server.databaseUrl) : null;
  if (bareInsert) closers.push(() => bareInsert.app.close());

  const site = { accept: 'application/json' };
  const lookupHeaders = { ...site, 'content-type': lookupForm.contentType };
  const bookingHeaders = {
    ...site,
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  };
  const loads = {
    bareMultipart: { url: bareMultipart.url, headers: lookupHeaders, body: lookupForm.body },
    tracking: {
      url: `${server.apiUrl}/users/tracking/status`,
      headers: lookupHeaders,
      body: lookupForm.body,
    },
    bareInsert: bareInsert && {
      url: bareInsert.url,
      headers: bookingHeaders,
      body: JSON.stringify(delivery),
    },
    booking: {
      url: `${server.apiUrl}/users/schedule/delivery`,
      headers: bookingHeaders,
      body: JSON.stringify(delivery),
    },
  };

  // One second of each first, so neither the JIT nor the connection pools are measured cold.
  const tracking = PARTS.has('tracking');
  for (const [name, load] of Object.entries(loads))
    if (load && (tracking || !['bareMultipart', 'tracking'].includes(name)))
      await measure(load, 10, 1);
  const bareMultipartResult = tracking ? await measure(loads.bareMultipart, 50) : null;
  const trackingResult = tracking ? await measure(loads.tracking, 50) : null;
  const bareInsertResult = loads.bareInsert && (await measure(loads.bareInsert, 50));

  const mailWaiting = async () =>
    Number(
      (
        await server.app.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<string>().as('waiting'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).waiting,
    );
  // The booking once more at 200 connections: batches of every size, so each size's statement is
  // prepared and planned on every connection before anything is measured.
  await measure(loads.booking, 200, 2);
  // With bad tokens, the same loads run without them too, in the order clean, bad, bad, clean, so
  // a drift during the run (the mail backlog growing) weighs on both alike.
  const clean = BAD_TOKEN_SHARE > 0 ? await measure(loads.booking, 50) : null;
  const booking = await measure(loads.booking, 50, SECONDS, BAD_TOKEN_SHARE);
  const booking200 = await measure(loads.booking, 200, SECONDS, BAD_TOKEN_SHARE);
  const clean200 = BAD_TOKEN_SHARE > 0 ? await measure(loads.booking, 200) : null;
  const results = {
    bareMultipart: bareMultipartResult,
    trackingResult,
    bareInsert: bareInsertResult,
    booking,
    booking200,
    clean,
    clean200,
  };
  const waitingAtEnd = await mailWaiting();
  const drainStarted = Date.now();
  while ((await mailWaiting()) > 0 && Date.now() - drainStarted < MAIL_WAIT_SECONDS * 1000)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const waitingAfter = await mailWaiting();
  const drainSeconds = (Date.now() - drainStarted) / 1000;

  // The garbage tokens' 401s are the answers they should get, not errors.
  const refusedBadTokens = (result: Result) =>
    BAD_TOKEN_SHARE > 0 ? (result.statusCodeStats['401']?.count ?? 0) : 0;
  const errors = (result: Result) =>
    result.non2xx - refusedBadTokens(result) + result.errors + result.timeouts;
  const ratio = (result: Result, base: Result | null) =>
    base ? result.requests.average / base.requests.average : null;
  const goodPerSecond = (result: Result) => result['2xx'] / result.duration;
  const row = (name: string, connections: number, result: Result, base: Result | null = null) => {
    const share = ratio(result, base);
    return `| ${name.padEnd(48)} | ${String(connections).padStart(5)} | ${result.requests.average.toFixed(0).padStart(7)} | ${goodPerSecond(result).toFixed(0).padStart(7)} | ${result.latency.p99.toFixed(0).padStart(6)} | ${String(errors(result)).padStart(6)} | ${(share === null ? '' : share.toFixed(2)).padStart(6)} |`;
  };

  const bookedUnderLoad = [
    results.booking,
    results.booking200,
    results.clean,
    results.clean200,
  ].reduce((sum, result) => sum + (result?.['2xx'] ?? 0), 0);
  console.log(
    `\nMail: ${bookedUnderLoad} bookings answered under load; ${waitingAtEnd} of their mails were still waiting when the load ended, ` +
      (waitingAfter === 0
        ? `all sent ${drainSeconds.toFixed(0)} s later.`
        : `${waitingAfter} still waiting after ${MAIL_WAIT_SECONDS} s.`),
  );
  const database = server.databaseUrl
    ? 'PostgreSQL'
    : 'the embedded database (set DATABASE_URL to measure on PostgreSQL)';
  console.log(`\nAPI bench: ${SECONDS} s each, loopback, on ${database}`);
  if (BAD_TOKEN_SHARE > 0)
    console.log(
      `A share of ${BAD_TOKEN_SHARE} of the bookings sent with a garbage token (answered 401, not counted as errors).`,
    );
  console.log(`\n| ${'What'.padEnd(48)} | conns |   req/s |   2xx/s | p99 ms | errors |  ratio |`);
  console.log(`|${'-'.repeat(50)}|------:|--------:|--------:|-------:|-------:|-------:|`);
  if (results.bareMultipart)
    console.log(row('bare route draining the same multipart body', 50, results.bareMultipart));
  if (results.trackingResult)
    console.log(
      row(
        'tracking lookup, multipart, as the site sends it',
        50,
        results.trackingResult,
        results.bareMultipart,
      ),
    );
  if (results.bareInsert)
    console.log(row(`bare route, one INSERT (pg pool of ${POOL_SIZE})`, 50, results.bareInsert));
  console.log(
    row('scheduled-delivery booking, signed in', 50, results.booking, results.bareInsert),
  );
  console.log(row('scheduled-delivery booking, signed in', 200, results.booking200));
  if (results.clean)
    console.log(row('the same, no bad tokens', 50, results.clean, results.bareInsert));
  if (results.clean200) console.log(row('the same, no bad tokens', 200, results.clean200));

  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  if (results.trackingResult) {
    const trackingRatio = ratio(results.trackingResult, results.bareMultipart)!;
    console.log(
      `\nTracking ≥ 0.5× the bare multipart route: ${trackingRatio.toFixed(2)}, ${verdict(trackingRatio >= 0.5)}.`,
    );
  }
  if (results.clean && results.clean200) {
    for (const [connections, bad, clean] of [
      [50, results.booking, results.clean],
      [200, results.booking200, results.clean200],
    ] as const) {
      const kept = goodPerSecond(bad) / goodPerSecond(clean);
      console.log(
        `Good bookings with a share of ${BAD_TOKEN_SHARE} bad tokens ≥ 0.9× those without, ${connections} connections: ${kept.toFixed(2)}, ${verdict(kept >= 0.9)}.`,
      );
    }
  }
  const bookingRatio = ratio(results.booking, results.bareInsert);
  console.log(
    bookingRatio === null
      ? 'Booking ≥ 0.5× the bare INSERT route: not judged without PostgreSQL.'
      : `Booking ≥ 0.5× the bare INSERT route at 50 connections: ${bookingRatio.toFixed(2)}, ${verdict(bookingRatio >= 0.5)}.`,
  );
  const { p99 } = results.booking200.latency;
  const failed = errors(results.booking200);
  const answered = results.booking200.requests.total;
  const tail = `${answered} answered, p99 ${p99.toFixed(0)} ms, ${failed} errors`;
  console.log(
    server.databaseUrl
      ? `Booking at 200 connections, p99 < 250 ms with no errors: ${tail}, ${verdict(answered > 0 && p99 < 250 && failed === 0)}.`
      : `Booking at 200 connections: ${tail} (judged on PostgreSQL only).`,
  );
} finally {
  for (const close of closers.reverse()) await close();
}
