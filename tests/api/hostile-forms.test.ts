/**
 * Multipart bodies built to cost the server time or memory, over real HTTP: a boundary longer
 * than RFC 2046's 70 characters, boundary-like repeats and no final boundary (the tracking
 * form's one-pass reading must stay linear in the body's size, and other requests must not
 * wait), and forms sent with an ended or made-up session, which must be refused before their
 * body is read.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { form, get, post, quote, scheduledDelivery, signUp, type Customer } from '../support/api';

let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(async () => {
  await server?.close();
});

const field = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

async function sendRaw(path: string, boundary: string, body: string, token?: string) {
  const started = performance.now();
  const response = await fetch(`${server.apiUrl}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

/** A body of `size` characters: one part whose content repeats the delimiter with its last character changed, and no final boundary. */
function nearMisses(boundary: string, size: number) {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="reference_id"\r\n\r\nRL-`;
  const miss = `\r\n--${boundary.slice(0, -1)}${boundary.endsWith('x') ? 'y' : 'x'}`;
  return head + miss.repeat(Math.floor((size - head.length) / miss.length));
}

describe('the boundary', () => {
  const seventy = 'b'.repeat(70);

  it("is read up to RFC 2046's 70 characters", async () => {
    const answer = await sendRaw(
      'users/tracking/status',
      seventy,
      `${field(seventy, 'reference_id', 'RL-ABCDEFGHJK')}--${seventy}--\r\n`,
    );
    expect(answer.status).toBe(404);
  });

  it.each([
    ['users/tracking/status', undefined],
    ['users/Local-service', 'customer'],
    ['users/state-service', 'customer'],
  ])('is refused above 70 characters on %s, with 400 and a message', async (path, who) => {
    const long = 'b'.repeat(71);
    const answer = await sendRaw(
      path,
      long,
      `${field(long, 'reference_id', 'RL-ABCDEFGHJK')}--${long}--\r\n`,
      who ? customer.token : undefined,
    );
    expect(answer).toMatchObject({ status: 400, body: { message: 'The form could not be read.' } });
  });
});

describe('a hostile tracking form', () => {
  it('of 3.7 MB with a 15,000-character boundary is answered at once, and /healthz does not wait for it', async () => {
    const boundary = 'a'.repeat(15_000);
    const hostile = sendRaw('users/tracking/status', boundary, nearMisses(boundary, 3_700_000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const health = await get(server, 'healthz');
    const healthMs = performance.now() - started;
    const answer = await hostile;
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.ms).toBeLessThan(2_000);
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1_000);
  });

  it('up to its body limit, of near-misses of a 70-character boundary and no final boundary, is read in linear time', async () => {
    const boundary = 'x'.repeat(70);
    const answer = await sendRaw(
      'users/tracking/status',
      boundary,
      nearMisses(boundary, 16 * 1024 - 100),
    );
    expect(answer).toMatchObject({ status: 400, body: { message: 'The form could not be read.' } });
    expect(answer.ms).toBeLessThan(500);
  });

  it("above a short form's size is refused with 413 without being read whole", async () => {
    const boundary = 'XyZ';
    const answer = await sendRaw(
      'users/tracking/status',
      boundary,
      `${field(boundary, 'reference_id', 'x'.repeat(100_000))}--${boundary}--\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(typeof answer.body.message).toBe('string');
  });

  it('still finds a real shipment sent as the site sends it', async () => {
    const reference = (
      await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token)
    ).body.data.reference_number;
    expect(
      await post(server, 'users/tracking/status', form({ reference_id: reference })),
    ).toMatchObject({ status: 200 });
  });
});

/**
 * Sends the headers and the first KB of a `declared`-byte multipart body, then waits for an
 * answer without sending the rest: a server that reads the body before checking the session
 * never answers (the request times out here).
 */
function answerBeforeBody(
  path: string,
  token: string,
  declared = 3_000_000,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.apiUrl}/${path}`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=XyZ',
        'content-length': String(declared),
        authorization: `Bearer ${token}`,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('no answer before the body was sent'));
    }, 3_000);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(`${field('XyZ', 'file', 'x'.repeat(1024))}`);
  });
}

describe('a form sent with a session that is not live', () => {
  let ended: string;
  beforeAll(async () => {
    const other = await signUp(server);
    ended = other.token;
    expect((await get(server, 'users/logout', ended)).status).toBe(200);
  });

  it.each([
    'users/Local-service',
    'users/Office-service',
    'users/state-service',
    'users/schedule/delivery',
    'users/bulk/delivery',
    'users/StoreDilivery',
  ])('gets 401 on %s before its body is read', async (path) => {
    for (const token of [ended, 'made-up-token']) {
      const answer = await answerBeforeBody(path, token);
      expect(answer).toMatchObject({
        status: 401,
        body: { message: 'Please log in again: your session has ended.' },
      });
    }
  });

  it('a live session still books a quote with a form', async () => {
    const answer = await post(server, 'users/Local-service', form(quote()), customer.token);
    expect(answer.status).toBe(200);
  });
});

describe('a form sent to a call that takes JSON only', () => {
  it('or to no call at all is a 404', async () => {
    expect((await sendRaw('no/such/call', 'x'.repeat(100), '')).status).toBe(404);
  });

  it.each(['register', 'login', 'newsletter', 'Mover-Registration'])(
    'is refused on %s with 415 before its body is read',
    async (path) => {
      const answer = await answerBeforeBody(path, 'no-session-needed');
      expect(answer).toMatchObject({ status: 415, body: { message: 'Send the form as JSON.' } });
    },
  );
});
