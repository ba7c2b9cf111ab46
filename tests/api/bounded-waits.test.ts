/**
 * Every wait has a limit, over real sockets: a client that stalls mid-body is dropped; with Redis
 * unreachable the rate-limited calls still answer (limits counted in memory) and /readyz says
 * Redis is down.
 */
import net from 'node:net';
import { expect, it, vi } from 'vitest';
import { startTestServer } from '../support/server';
import { opsTokenOf } from '../support/staff';
import { post, readiness, signUp } from '../support/api';

// Each test starts its own server (the embedded database takes seconds to start on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/** Sends the headers and a few bytes of a 1,000-byte body, then nothing; answers what the server sends before it closes. */
function stallMidBody(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

it('drops a client that stalls in the middle of its body with a 408', async () => {
  const server = await startTestServer({
    timeouts: { databaseMs: 10_000, redisMs: 1_000, requestMs: 1_000 },
  });
  try {
    const { port } = new URL(server.origin);
    expect(await stallMidBody(Number(port))).toMatch(/^HTTP\/1\.1 408 /);
  } finally {
    await server.close();
  }
});

it('keeps sign-up and login working with Redis down, and /readyz says so', async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const server = await startTestServer({
    redisUrl: `redis://127.0.0.1:${port}`,
    authRateLimit: { max: 3, windowMs: 60_000 },
  });
  try {
    const customer = await signUp(server);
    expect(
      (await post(server, 'login', { email: customer.email, password: customer.password })).status,
    ).toBe(200);
    // Counted in memory meanwhile: the limit still holds (register, verify-email and two logins so far, per route).
    const logins = [];
    for (let attempt = 0; attempt < 3; attempt++)
      logins.push(
        (await post(server, 'login', { email: customer.email, password: customer.password }))
          .status,
      );
    expect(logins).toEqual([200, 429, 429]);

    expect(await readiness(server)).toEqual({ status: 200, body: { status: 'degraded' } });
    expect(await readiness(server, opsTokenOf(server))).toMatchObject({
      status: 200,
      body: {
        status: 'degraded',
        dependencies: {
          database: { status: 'up' },
          redis: { status: 'down' },
          mail: { status: 'up' },
        },
      },
    });
  } finally {
    await server.close();
  }
});
