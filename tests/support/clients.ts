/**
 * Requests as other clients would send them: from another loopback address (Linux routes all of
 * 127.0.0.0/8 to loopback, so 127.0.0.2, 127.0.0.3, … are clients of their own to the server), and
 * through a reverse proxy on loopback that adds `X-Forwarded-For` as nginx does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from './api';
import type { TestServer } from './server';

export interface From {
  /** The address the request leaves from (127.0.0.1 when not given). */
  localAddress?: string;
  headers?: Record<string, string>;
}

/** A JSON call (or a bodiless GET) to `origin` + `path`, sent from `from.localAddress`. */
export function callFrom(
  origin: string,
  method: string,
  path: string,
  payload: unknown,
  from: From = {},
): Promise<Answer> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      {
        method,
        localAddress: from.localAddress,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...from.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') headers.set(name, value);
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: text ? JSON.parse(text) : null,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An API call (`path` under /api/v1) from another client. */
export const postFrom = (server: TestServer, path: string, payload: unknown, from: From = {}) =>
  callFrom(`${server.apiUrl}/`, 'POST', path, payload, from);

export interface ForwardingProxy {
  origin: string;
  close: () => Promise<void>;
}

/** A reverse proxy on 127.0.0.1 in front of `upstream`: appends each client's address to X-Forwarded-For. */
export async function startForwardingProxy(upstream: string): Promise<ForwardingProxy> {
  const proxy = http.createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const forwarded = http.request(
      new URL(incoming.url ?? '/', upstream),
      {
        method: incoming.method,
        agent: false,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}
