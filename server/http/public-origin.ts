/**
 * The addresses the server gives out: its own (where it listens; the Paystack test gateway is
 * reached there) and the site's public one (PUBLIC_URL), which Paystack sends the customer back
 * to and mails link to. A request's Host or Origin never chooses either: with `Host:
 * evil.example` the checkout would otherwise send the customer to evil.example.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** http://host:port of this server once it listens (loopback when it listens on every address). */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening yet');
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The site's public origin: PUBLIC_URL, else this server's own address (before it listens, as
 * configured: a mail left from an earlier run may go out first).
 */
export function publicOrigin(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>,
): string {
  if (config.publicUrl) return config.publicUrl;
  return app.server.listening ? ownOrigin(app) : `http://${config.host}:${config.port}`;
}
