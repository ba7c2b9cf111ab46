/**
 * The in-memory per-address limit (server/http/window-store.ts) cannot be reset by flooding it with
 * other addresses: @fastify/rate-limit's own LocalStore kept the 5,000 most recent keys, so
 * requests from 5,000 other addresses gave an attacked address a fresh count. Requests go
 * through the real server's routes and limiter with `inject`, whose `remoteAddress` stands for
 * 6,000 distinct clients (more than loopback sockets could open quickly); a body the contract
 * refuses is answered 422 after being counted, so each request is cheap.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WindowStore } from '../../server/http/window-store';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(async () => {
  await server?.close();
});

const loginFrom = (remoteAddress: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/login', payload: {}, remoteAddress });

it('keeps refusing an address after requests from 6,000 other addresses', async () => {
  const attacker = '10.9.9.9';
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt++)
    statuses.push((await loginFrom(attacker)).statusCode);
  expect(statuses).toEqual([422, 422, 422, 429]);

  for (let client = 0; client < 6_000; client++) {
    expect((await loginFrom(`10.1.${client >> 8}.${client & 255}`)).statusCode).toBe(422);
  }
  expect((await loginFrom(attacker)).statusCode).toBe(429);
}, 120_000);

it('forgets a count once its window has ended, and keeps memory bounded while addresses count', () => {
  const store = new WindowStore({ capacity: 100 });
  const counts: number[] = [];
  const count = (key: string, windowMs = 60_000) =>
    store.incr(key, (_error, result) => counts.push(result!.current), windowMs, 3);
  for (let attempt = 0; attempt < 4; attempt++) count('attacked');
  for (let client = 0; client < 1_000; client++) count(`client-${client}`);
  expect(store.size).toBeLessThanOrEqual(101);
  count('attacked');
  expect(counts.at(-1)).toBe(5);

  count('short', 0);
  count('short', 0);
  expect(counts.at(-1)).toBe(1);
});
