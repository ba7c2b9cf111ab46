/**
 * `npm run bench:hostile-multipart`: what hostile multipart bodies cost the server, in one run
 * of well under a minute (loopback only; ends by itself; PostgreSQL when DATABASE_URL is set).
 * - A 3.7 MB tracking form with a 15,000-character boundary whose content repeats the delimiter
 *   with its last character changed, and no final boundary: how long until it is answered, and
 *   the longest a `/healthz` sent meanwhile (one after the other) waited.
 * - UPLOADS quote forms of 3.6 MB (a 1 MB photo and 40 fields of 64 KB) at once with a made-up
 *   bearer token, their last bytes held back: how many are answered before their body is through,
 *   and how much the process's memory grew (the server runs in this process; the senders share
 *   one buffer).
 * Prints each figure; run it on the code before a change and after (docs/measurements.md).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { startTestServer } from '../tests/support/server';

const HOSTILE_SIZE = 3_700_000;
const LONG_BOUNDARY = 'a'.repeat(15_000);
const UPLOADS = 50;
const HOLD_MS = 5_000;
const UPLOAD_BOUNDARY = 'BenchBoundary';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const server = await startTestServer();
const url = new URL(server.apiUrl);

/** Sends `body` whole and answers the status and the milliseconds until the answer ended. */
function send(
  path: string,
  contentType: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}/${path}`,
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(body.length), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    // A server may answer before reading the whole body and close: that is an answer, not a failure.
    request.on('error', (error) =>
      performance.now() - started > 0
        ? resolve({ status: 0, ms: performance.now() - started })
        : reject(error),
    );
    request.end(body);
  });
}

async function hostileTracking() {
  const head = `--${LONG_BOUNDARY}\r\nContent-Disposition: form-data; name="reference_id"\r\n\r\nRL-`;
  const miss = `\r\n--${LONG_BOUNDARY.slice(0, -1)}b`;
  const body = Buffer.from(
    head + miss.repeat(Math.floor((HOSTILE_SIZE - head.length) / miss.length)),
    'latin1',
  );
  let done = false;
  const hostile = send(
    'users/tracking/status',
    `multipart/form-data; boundary=${LONG_BOUNDARY}`,
    body,
  ).finally(() => {
    done = true;
  });
  let longestHealth = 0;
  let probes = 0;
  // Probes start with the hostile form and go on while it is being answered (at least one).
  do {
    const started = performance.now();
    await fetch(`${server.origin}/healthz`);
    longestHealth = Math.max(longestHealth, performance.now() - started);
    probes += 1;
  } while (!done);
  const answer = await hostile;
  console.log(
    `hostile tracking form (${(body.length / 1e6).toFixed(1)} MB, ${LONG_BOUNDARY.length}-character boundary): answered ${answer.status} in ${answer.ms.toFixed(0)} ms`,
  );
  console.log(
    `  /healthz meanwhile: ${probes} answered, the longest waited ${longestHealth.toFixed(0)} ms`,
  );
}

/**
 * Sends a quote form of `body` with a made-up token but holds back its last bytes; answers when
 * the server answered (ms, or null if it did not within HOLD_MS: it is still waiting for the
 * rest, holding what it read), and the request to end.
 */
function heldUpload(body: Buffer): {
  done: Promise<{ answeredMs: number | null }>;
  end: () => void;
} {
  const started = performance.now();
  let answeredMs: number | null = null;
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: `${url.pathname}/users/Local-service`,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
      'content-length': String(body.length + 100),
      authorization: 'Bearer made-up-token',
    },
  });
  const done = new Promise<{ answeredMs: number | null }>((resolve) => {
    request.on('response', (response) => {
      answeredMs = performance.now() - started;
      response.resume();
      resolve({ answeredMs });
    });
    request.on('error', () => resolve({ answeredMs }));
    setTimeout(() => resolve({ answeredMs }), HOLD_MS);
    request.write(body);
  });
  return { done, end: () => request.destroy() };
}

async function uploadsWithoutSession() {
  // The largest form the image routes read: a 1 MB file and 40 fields of 64 KB (3.6 MB).
  const field = (name: string) =>
    `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${'x'.repeat(64 * 1024)}\r\n`;
  const file = `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(1_048_576)}\r\n`;
  const body = Buffer.from(
    Array.from({ length: 40 }, (_, index) => field(`field${index}`)).join('') + file,
  );
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const uploads = Array.from({ length: UPLOADS }, () => heldUpload(body));
  const results = await Promise.all(uploads.map((upload) => upload.done));
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS - (performance.now() - started)));
  clearInterval(sampler);
  for (const upload of uploads) upload.end();
  const answered = results
    .flatMap(({ answeredMs }) => (answeredMs === null ? [] : [answeredMs]))
    .sort((a, b) => a - b);
  const median = answered.length
    ? ` (the median after ${answered[Math.floor(answered.length / 2)]!.toFixed(0)} ms)`
    : '';
  console.log(
    `${UPLOADS} quote forms of ${(body.length / 1e6).toFixed(1)} MB at once with a made-up token, the last bytes held back: ` +
      `${answered.length} answered 401 within ${HOLD_MS / 1000} s${median}`,
  );
  console.log(
    `  memory of the process: ${(before / 2 ** 20).toFixed(0)} MB before, ${(peak / 2 ** 20).toFixed(0)} MB at the peak (+${((peak - before) / 2 ** 20).toFixed(0)} MB)`,
  );
}

try {
  await hostileTracking();
  await uploadsWithoutSession();
} finally {
  await server.close();
}
