/**
 * The real server behind a gate that can hold the next call: the page is seen while the call is
 * under way (the busy label), then the gate lets the server answer (`release`) or drops the
 * connection as a failing network would (`fail`), or answers in the server's place (`answer`, a
 * stub for a refusal the real server would give only to data the path does not type). Everything
 * else passes straight through, and so does the CORS question a page's XMLHttpRequest asks
 * first (a form sent with its progress, src/api/uploadProgress.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldApi {
  /** Use as the page's apiUrl. */
  apiUrl: string;
  /** Holds the next call that arrives (whose path matches `only`, when given; others pass). */
  hold: (only?: RegExp) => void;
  /** Waits for the held call, then lets the server answer it. */
  release: () => Promise<void>;
  /** Waits for the held call, then drops its connection. */
  fail: () => Promise<void>;
  /** Waits for the held call, then answers it with `status` and the JSON `body`, the server never asked. */
  answer: (status: number, body: unknown) => Promise<void>;
  /** The Idempotency-Key header of every call that came through the gate, in order. */
  idempotencyKeys: string[];
  /** Lets every held call go (after a path that ends while one is under way) and disarms. */
  releaseAll: () => void;
  close: () => Promise<void>;
}

export async function startHeldApi(apiUrl: string): Promise<HeldApi> {
  const target = new URL(apiUrl);
  let armed = false;
  /** Which calls the armed gate holds (by path); others pass. */
  let holds: RegExp | undefined;
  /** How each held call ends: passed on, dropped, or answered here. */
  type Outcome = { pass: true } | { pass: false } | { status: number; body: unknown };
  const held: ((outcome: Outcome) => void)[] = [];
  const arrivals: (() => void)[] = [];
  const idempotencyKeys: string[] = [];

  const gate = http.createServer((request, response) => {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') idempotencyKeys.push(key);
    const forward = () => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    // A page's XMLHttpRequest asks first whether it may (CORS): that question is never held.
    if (!armed || request.method === 'OPTIONS' || (holds && !holds.test(request.url ?? '')))
      return forward();
    armed = false;
    held.push((outcome) => {
      if ('status' in outcome) {
        // The request is read to its end first, as the server would, so the client sees the answer.
        request.resume();
        // An answer the page's XMLHttpRequest may read, as the server's would be (CORS).
        const origin = request.headers.origin;
        request.on('end', () =>
          response
            .writeHead(outcome.status, {
              'content-type': 'application/json',
              ...(origin && { 'access-control-allow-origin': origin }),
            })
            .end(JSON.stringify(outcome.body)),
        );
      } else if (outcome.pass) forward();
      else response.destroy();
    });
    arrivals.splice(0).forEach((arrived) => arrived());
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;

  const next = async () => {
    if (!held.length) {
      await new Promise<void>((resolve, reject) => {
        const late = setTimeout(
          () => reject(new Error('The page made no call for the gate to answer.')),
          5000,
        );
        arrivals.push(() => resolve(clearTimeout(late)));
      });
    }
    return held.shift()!;
  };
  return {
    apiUrl: `http://127.0.0.1:${port}${target.pathname}`,
    hold: (only) => {
      armed = true;
      holds = only;
    },
    idempotencyKeys,
    release: async () => (await next())({ pass: true }),
    fail: async () => (await next())({ pass: false }),
    answer: async (status, body) => (await next())({ status, body }),
    releaseAll: () => {
      armed = false;
      held.splice(0).forEach((settle) => settle({ pass: true }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate.closeAllConnections();
        gate.close(() => resolve());
      }),
  };
}
