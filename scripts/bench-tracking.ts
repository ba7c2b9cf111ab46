/**
 * `npm run bench:tracking`: what the per-address limits cost a tracking lookup, in CPU time of the
 * server, sent in process (`inject`: no sockets, no load generator), so the figures hold on a
 * machine shared with other work, where `bench:api`'s throughput swings by half between runs.
 *
 * - The limits alone, before and after in one run: a bare route, and the same route with the
 *   tracking lookup's limits (the per-address count of every lookup, the check of the address's
 *   misses, and for a wrong reference the miss counted), both behind the server's security hooks.
 * - The real lookup, multipart as the site sends it: a right reference (answered from the
 *   tracking cache, as most are) and a wrong one (a database query, counted as a miss), limits
 *   lifted as in the test servers so none is reached.
 *
 * ROUNDS rounds of each, alternating; the median round is printed. Ends by itself; PostgreSQL
 * when DATABASE_URL is set.
 */
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { readConfig } from '../server/config';
import { registerSecurity } from '../server/http/security';
import { trackingMisses } from '../server/http/tracking-misses';
import { codeFrom, lastMailTo } from '../tests/support/mail';
import { startTestServer } from '../tests/support/server';

const ROUNDS = 11;
const LOOKUPS = 2_000;
const PASSWORD = 'Benchmarks at harmattan 9';

const daysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const lifted = { max: 1_000_000_000, windowMs: 60_000 };

/** Microseconds of this process's CPU per request: the median of ROUNDS rounds of LOOKUPS, the loads taking turns. */
async function cpuPerRequest(
  app: FastifyInstance,
  loads: Record<string, InjectOptions & { status: number }>,
): Promise<Record<string, number>> {
  const rounds: Record<string, number[]> = Object.fromEntries(
    Object.keys(loads).map((name) => [name, []]),
  );
  const entries = Object.entries(loads);
  for (let index = 0; index <= ROUNDS; index++) {
    // Each round starts with another load, so none always runs on a cooler or warmer machine.
    const turn = [
      ...entries.slice(index % entries.length),
      ...entries.slice(0, index % entries.length),
    ];
    for (const [name, { status, ...request }] of turn) {
      const started = process.cpuUsage();
      for (let sent = 0; sent < LOOKUPS; sent++) {
        const answer = await app.inject(request);
        if (answer.statusCode !== status)
          throw new Error(`${name}: expected ${status}, got ${answer.statusCode} ${answer.body}`);
      }
      const { user, system } = process.cpuUsage(started);
      // The first round warms up.
      if (index > 0) rounds[name]!.push((user + system) / LOOKUPS);
    }
  }
  return Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
}

/** A bare route, and the same route with the tracking lookup's limits, behind the server's security hooks. */
async function limitsAlone(): Promise<Record<string, number>> {
  const app = Fastify({ logger: false });
  await registerSecurity(app, readConfig({}), null);
  app.post('/bare', async () => ({ message: 'ok' }));
  const misses = trackingMisses(app, lifted);
  const limited = { config: { rateLimit: { max: lifted.max, timeWindow: lifted.windowMs } } };
  app.post('/right', limited, async (request) => {
    await misses.refuseSpent(request);
    return { message: 'ok' };
  });
  app.post('/wrong', limited, async (request) => {
    await misses.refuseSpent(request);
    await misses.miss(request);
    return { message: 'ok' };
  });
  await app.ready();
  try {
    const load = (url: string) => ({
      method: 'POST' as const,
      url,
      payload: { reference_id: 'RL-WRONGWRONG' },
      status: 200,
    });
    return await cpuPerRequest(app, {
      bare: load('/bare'),
      right: load('/right'),
      wrong: load('/wrong'),
    });
  } finally {
    await app.close();
  }
}

const alone = await limitsAlone();
console.log(`\nThe limits alone, CPU µs per request (median of ${ROUNDS} rounds of ${LOOKUPS}):`);
console.log(
  `  bare route: ${alone.bare!.toFixed(1)}; with a right lookup's limits: ${alone.right!.toFixed(1)} (+${(alone.right! - alone.bare!).toFixed(1)}); with a wrong one's: ${alone.wrong!.toFixed(1)} (+${(alone.wrong! - alone.bare!).toFixed(1)})`,
);

const server = await startTestServer();
try {
  const { app } = server;
  const json = async (url: string, body: unknown, token?: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json();
  };
  const email = `bench.${Date.now()}@example.com`;
  await json('register', {
    fullname: 'Bench Mark',
    email,
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  await json('verify-email', {
    verification_token: codeFrom((await lastMailTo(server, email))!.text),
    email,
  });
  const { token } = await json('login', { email, password: PASSWORD });
  const booked = await json(
    'users/schedule/delivery',
    {
      pickup_address: '12 Admiralty Way, Lekki, Lagos',
      delivery_address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
      sender_fullname: 'Ada Obi',
      receiver_fullname: 'Chinedu Eze',
      sender_phone: '08031234567',
      receiver_phone: '08051234567',
      pickup_date: daysFromNow(2),
      delivery_date: daysFromNow(4),
      description: 'Two boxes of books',
    },
    token,
  );

  const lookup = async (reference_id: string, status: number) => {
    const form = new FormData();
    form.append('reference_id', reference_id);
    const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
    const headers = {
      accept: 'application/json',
      'content-type': encoded.headers.get('content-type')!,
    };
    return {
      method: 'POST' as const,
      url: '/api/v1/users/tracking/status',
      headers,
      payload: await encoded.text(),
      status,
    };
  };
  const cpu = await cpuPerRequest(app, {
    right: await lookup(booked.data.reference_number, 200),
    wrong: await lookup('RL-WRONGWRONG', 404),
  });
  const database = server.databaseUrl
    ? 'PostgreSQL, whose own process is not counted'
    : 'the embedded database, in this process';
  console.log(
    `\nThe tracking lookup, CPU µs per lookup (median of ${ROUNDS} rounds of ${LOOKUPS}; ${database}):`,
  );
  console.log(
    `  right reference (cached): ${cpu.right!.toFixed(0)}; wrong reference: ${cpu.wrong!.toFixed(0)}`,
  );
} finally {
  await server.close();
}
