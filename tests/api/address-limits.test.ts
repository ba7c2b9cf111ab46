/**
 * Per-address limits on the anonymous calls (newsletter, applications, tracking:
 * docs/reliability.md, "Retries, limits and files"), each client counted on its own — other
 * loopback addresses act as other clients — and behind a reverse proxy (TRUST_PROXY) each client
 * counted by its own address.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../server/config';
import { postFrom, startForwardingProxy, type From } from '../support/clients';
import { startTestServer, type TestServer } from '../support/server';
import { post, scheduledDelivery, signUp, uniqueEmail } from '../support/api';

// Several tests start servers of their own (the embedded database takes seconds to start on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

const HOUR = 3_600_000;
const lifted = { max: 100_000, windowMs: 60_000 };

const statusesOf = async (count: number, send: (index: number) => Promise<{ status: number }>) => {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await send(index)).status);
  return statuses;
};

const expectRateLimited = (answer: { status: number; headers: Headers; body: any }) => {
  expect(answer.status).toBe(429);
  expect(answer.body.message).toMatch(
    /^Too many attempts\. Please wait (a minute|\d+ minutes) and try again\.$/,
  );
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('anonymous calls, per client address', () => {
  let server: TestServer;
  let reference: string;
  beforeAll(async () => {
    server = await startTestServer({
      newsletterRateLimit: { max: 3, windowMs: HOUR },
      applicationRateLimit: { max: 3, windowMs: HOUR },
      trackingRateLimit: { max: 30, windowMs: 60_000 },
      trackingMissLimit: { max: 3, windowMs: 600_000 },
    });
    const customer = await signUp(server);
    reference = (await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token))
      .body.data.reference_number;
  });
  afterAll(async () => {
    await server?.close();
  });

  const subscribe = (from: From) =>
    postFrom(server, 'newsletter', { email: uniqueEmail('reader') }, from);
  const apply = (path: string, from: From) =>
    postFrom(
      server,
      path,
      {
        full_name: 'Tunde Bello',
        email: uniqueEmail('mover'),
        age: 30,
        mobile_number: '08031234567',
        location: 'Lagos',
      },
      from,
    );
  const track = (reference_id: string, from: From) =>
    postFrom(server, 'users/tracking/status', { reference_id }, from);
  const wrongReference = (index: number) => `RL-WRONG${String(index).padStart(5, '2')}`;

  it('takes NEWSLETTER_RATE_LIMIT sign-ups from one address, then answers 429; other addresses still sign up', async () => {
    const client = { localAddress: '127.0.0.2' };
    expect(await statusesOf(3, () => subscribe(client))).toEqual([200, 200, 200]);
    const fourth = await subscribe(client);
    expectRateLimited(fourth);
    expect(fourth.body.message).toMatch(/minutes/);
    expect((await subscribe({ localAddress: '127.0.0.3' })).status).toBe(200);
  });

  it('takes APPLICATION_RATE_LIMIT applications of each kind from one address, then answers 429', async () => {
    const client = { localAddress: '127.0.0.4' };
    expect(await statusesOf(3, () => apply('Mover-Registration', client))).toEqual([200, 200, 200]);
    expectRateLimited(await apply('Mover-Registration', client));
    expect((await apply('Packer-Registration', client)).status).toBe(200);
    expect((await apply('Mover-Registration', { localAddress: '127.0.0.5' })).status).toBe(200);
  });

  it('refuses every lookup of an address after TRACKING_MISS_LIMIT wrong references, the right ones too', async () => {
    const guesser = { localAddress: '127.0.0.6' };
    expect(await statusesOf(3, (index) => track(wrongReference(index), guesser))).toEqual([
      404, 404, 404,
    ]);
    // Were a right reference still answered, a 429 would tell a wrong guess as well as a 404 does.
    expectRateLimited(await track(reference, guesser));
    expectRateLimited(await track(wrongReference(3), guesser));
    const neighbour = { localAddress: '127.0.0.7' };
    expect((await track(reference, neighbour)).status).toBe(200);
    expect((await track(wrongReference(4), neighbour)).status).toBe(404);
  });

  it('does not count lookups of real references as misses', async () => {
    const office = { localAddress: '127.0.0.8' };
    expect(new Set(await statusesOf(20, () => track(reference, office)))).toEqual(new Set([200]));
    expect(await statusesOf(3, (index) => track(wrongReference(index), office))).toEqual([
      404, 404, 404,
    ]);
    expectRateLimited(await track(wrongReference(3), office));
  });

  it.skipIf(!process.env.REDIS_URL)(
    'shares the count of wrong references between servers through Redis',
    async () => {
      // Redis waited on for up to 10 s, so a slow first call under load does not drop a server to counting in memory.
      const timeouts = { databaseMs: 10_000, redisMs: 10_000, requestMs: 25_000 };
      const shared = {
        redisUrl: process.env.REDIS_URL!,
        redisPrefix: `relo-test-${crypto.randomBytes(6).toString('hex')}:`,
        trackingMissLimit: { max: 3, windowMs: 600_000 },
        timeouts,
      };
      const servers = await Promise.all([startTestServer(shared), startTestServer(shared)]);
      try {
        const [first, second] = servers.map(
          (target) => (reference_id: string, from: From) =>
            postFrom(target, 'users/tracking/status', { reference_id }, from),
        );
        const guesser = { localAddress: '127.0.0.14' };
        expect(await statusesOf(3, (index) => first!(wrongReference(index), guesser))).toEqual([
          404, 404, 404,
        ]);
        expectRateLimited(await second!(wrongReference(3), guesser));
        expect((await second!(wrongReference(3), { localAddress: '127.0.0.15' })).status).toBe(404);
      } finally {
        await Promise.all(servers.map((target) => target.close()));
      }
    },
  );

  it('takes TRACKING_RATE_LIMIT lookups a minute from one address, then answers 429', async () => {
    const busy = { localAddress: '127.0.0.9' };
    expect(new Set(await statusesOf(30, () => track(reference, busy)))).toEqual(new Set([200]));
    expectRateLimited(await track(reference, busy));
    expect((await track(reference, { localAddress: '127.0.0.10' })).status).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const wrongLogin = (target: TestServer, from: From) =>
    postFrom(target, 'login', { email: uniqueEmail('nobody'), password: 'not the password' }, from);

  // The per-account login throttle lifted: these tests are about the per-address limit alone.
  const proxied = (trustProxy: string | undefined) =>
    startTestServer({
      authRateLimit: { max: 10, windowMs: 60_000 },
      loginThrottle: lifted,
      trustProxy: readConfig({ TRUST_PROXY: trustProxy }).trustProxy,
    });

  it('counts each client behind the proxy on its own when TRUST_PROXY names the proxy', async () => {
    const server = await proxied('127.0.0.1');
    const proxy = await startForwardingProxy(server.origin);
    try {
      const owner = await signUp(server);
      const through = { apiUrl: `${proxy.origin}/api/v1` } as TestServer;
      // Ten clients fail a login each through the proxy: ten attempts from the proxy's address.
      const failures = await statusesOf(10, (index) =>
        wrongLogin(through, { localAddress: `127.0.1.${index + 1}` }),
      );
      expect(new Set(failures)).toEqual(new Set([400]));
      const login = await postFrom(
        through,
        'login',
        { email: owner.email, password: owner.password },
        { localAddress: '127.0.2.1' },
      );
      expect(login.status).toBe(200);

      // One client's eleventh attempt is its own to wait for.
      const client = { localAddress: '127.0.1.1' };
      expect(new Set(await statusesOf(9, () => wrongLogin(through, client)))).toEqual(
        new Set([400]),
      );
      expectRateLimited(await wrongLogin(through, client));
      expect((await wrongLogin(through, { localAddress: '127.0.1.2' })).status).toBe(400);
    } finally {
      await proxy.close();
      await server.close();
    }
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy, and when TRUST_PROXY is off', async () => {
    const servers = await Promise.all([proxied('127.0.0.1'), proxied(undefined)]);
    try {
      for (const server of servers) {
        // A client that names a new address in each request: all of them counted as its own.
        const spoofer = (index: number) => ({
          localAddress: '127.0.0.11',
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
        });
        expect(
          new Set(await statusesOf(10, (index) => wrongLogin(server, spoofer(index)))),
        ).toEqual(new Set([400]));
        expectRateLimited(await wrongLogin(server, spoofer(10)));
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('takes the address the trusted proxy saw, not one the client wrote in X-Forwarded-For itself', async () => {
    const server = await proxied('127.0.0.1');
    const proxy = await startForwardingProxy(server.origin);
    try {
      const through = { apiUrl: `${proxy.origin}/api/v1` } as TestServer;
      // The proxy appends 127.0.0.12 after what the client wrote; only its entry is believed.
      const spoofer = (index: number) => ({
        localAddress: '127.0.0.12',
        headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
      });
      expect(new Set(await statusesOf(10, (index) => wrongLogin(through, spoofer(index))))).toEqual(
        new Set([400]),
      );
      expectRateLimited(await wrongLogin(through, spoofer(10)));
      expect((await wrongLogin(through, { localAddress: '127.0.0.13' })).status).toBe(400);
    } finally {
      await proxy.close();
      await server.close();
    }
  });

  it('refuses to start with a hop count or "true" in TRUST_PROXY, which any direct client could spoof', () => {
    for (const setting of ['1', 'true', '127.0.0.1, 2'])
      expect(() => readConfig({ TRUST_PROXY: setting })).toThrow(
        /addresses \(or CIDRs\) of the proxies/,
      );
    expect(readConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(readConfig({}).trustProxy).toBe(false);
  });
});
