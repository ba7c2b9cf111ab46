/**
 * `npm run bench:api`: throughput and p99 latency of a tracking lookup and of a scheduled-delivery
 * booking, each beside a bare Fastify route measured in the same run on the same machine, printed
 * as ratios. Loopback only, bounded duration (BENCH_SECONDS per measurement, 5 by default), ends
 * by itself. On PostgreSQL when DATABASE_URL is set (a scratch database, dropped at the end),
 * else on the embedded database.
 *
 * Goals: tracking at least half the bare route's throughput; booking p99 under 50 ms at 50
 * connections on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { codeFrom, lastMailTo } from '../tests/support/mail';
import { startTestServer } from '../tests/support/server';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = 'Benchmarks at harmattan 9';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function json(url: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

interface Result {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** autocannon in a process of its own, so generating the load does not slow the server measured. */
async function measure(url: string, body: unknown, token?: string, connections = CONNECTIONS, seconds = SECONDS): Promise<Result> {
  const headers = ['-H', 'content-type=application/json', ...(token ? ['-H', `authorization=Bearer ${token}`] : [])];
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds), '-m', 'POST', ...headers, '-b', JSON.stringify(body), url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

const row = (name: string, result: Result, bare: Result) =>
  `| ${name.padEnd(30)} | ${result.requests.average.toFixed(0).padStart(8)} | ${result.latency.p99.toFixed(1).padStart(7)} | ${(result.requests.average / bare.requests.average).toFixed(2).padStart(10)} | ${(result.latency.p99 / bare.latency.p99).toFixed(1).padStart(9)} | ${String(result.non2xx + result.errors).padStart(6)} |`;

const server = await startTestServer();
const bare = Fastify({ logger: false });
bare.post('/bare', async (request) => ({ message: 'ok', data: request.body }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`;

try {
  const email = `bench.${Date.now()}@example.com`;
  await json(`${server.apiUrl}/register`, { fullname: 'Bench Mark', email, phone: '08031234567', password: PASSWORD, password_confirmation: PASSWORD });
  await json(`${server.apiUrl}/verify-email`, { verification_token: codeFrom(lastMailTo(server.dataDir, email)!.text), email });
  const { token } = await json(`${server.apiUrl}/login`, { email, password: PASSWORD });
  const delivery = {
    pickup_address: '12 Admiralty Way, Lekki, Lagos', delivery_address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
    sender_fullname: 'Ada Obi', receiver_fullname: 'Chinedu Eze', sender_phone: '08031234567', receiver_phone: '08051234567',
    pickup_date: daysFromNow(2), delivery_date: daysFromNow(4), description: 'Two boxes of books',
  };
  const booked = await json(`${server.apiUrl}/users/schedule/delivery`, delivery, token);
  const lookup = { reference_id: booked.data.reference_number };

  // Warm up each path once so the JIT and the connection pool are not measured.
  for (const [url, body, auth] of [[bareUrl, lookup], [`${server.apiUrl}/users/tracking/status`, lookup], [`${server.apiUrl}/users/schedule/delivery`, delivery, token]] as const) {
    await measure(url, body, auth, 10, 1);
  }

  // A second server on the same PostgreSQL database with the tracking cache off: the cost of the query itself.
  const uncachedServer = server.databaseUrl ? await startTestServer({ databaseUrl: server.databaseUrl, trackingCacheMs: 0 }) : null;
  const bareTracking = await measure(bareUrl, lookup);
  const tracking = await measure(`${server.apiUrl}/users/tracking/status`, lookup);
  const uncached = uncachedServer ? await measure(`${uncachedServer.apiUrl}/users/tracking/status`, lookup) : null;
  await uncachedServer?.close();
  const bareBooking = await measure(bareUrl, delivery);
  const booking = await measure(`${server.apiUrl}/users/schedule/delivery`, delivery, token);
  // At 50 connections latency is mostly queueing (connections ÷ throughput); 10 shows one booking's own time.
  const lightBooking = await measure(`${server.apiUrl}/users/schedule/delivery`, delivery, token, 10);

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`\nAPI bench: ${CONNECTIONS} connections, ${SECONDS} s each, loopback, ${database}\n`);
  console.log('| Measurement                    |    req/s | p99 ms | × bare req/s | × bare p99 | errors |');
  console.log('|--------------------------------|---------:|-------:|-----------:|----------:|-------:|');
  console.log(row('bare Fastify route', bareTracking, bareTracking));
  console.log(row('tracking lookup', tracking, bareTracking));
  if (uncached) console.log(row('tracking lookup, cache off', uncached, bareTracking));
  console.log(row('bare Fastify route (again)', bareBooking, bareBooking));
  console.log(row('scheduled-delivery booking', booking, bareBooking));
  console.log(row('booking at 10 connections', lightBooking, bareBooking));
  const trackingRatio = tracking.requests.average / bareTracking.requests.average;
  console.log(`\nTracking at ${(trackingRatio * 100).toFixed(0)}% of the bare route's throughput (goal: at least 50%): ${trackingRatio >= 0.5 ? 'met' : 'NOT met'}.`);
  console.log(`Booking p99 ${booking.latency.p99.toFixed(1)} ms (goal on PostgreSQL: under 50 ms): ${booking.latency.p99 < 50 ? 'met' : 'NOT met'}.`);
} finally {
  await bare.close();
  await server.close();
}
