/**
 * Security headers (helmet; the CSP lets the built React site run: same-origin scripts, inline
 * styles, images from self, data: and blob:), strict CORS (same origin unless CORS_ORIGINS), and
 * the rate limiter the sensitive routes opt into (in memory, or Redis shared by several servers).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';
import { Problem } from './problems';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

const helmetOptions = (config: ServerConfig): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...config.corsOrigins],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The site is also served over plain HTTP on loopback; upgrading would break it there.
      upgradeInsecureRequests: null,
    },
  },
});

/**
 * The headers helmet sets for our policy, computed once by helmet itself on a probe request:
 * @fastify/helmet rebuilds them on every request, which took about a third of a tracking lookup.
 */
async function helmetHeaders(config: ServerConfig): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => '');
  const { headers } = await probe.inject('/');
  await probe.close();
  const notHelmets = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !notHelmets.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

export async function registerSecurity(app: FastifyInstance, config: ServerConfig, redis: Redis | null): Promise<void> {
  const headers = await helmetHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.redisPrefix } : {}),
    errorResponseBuilder: () => new Problem(429, RATE_LIMITED_MESSAGE),
  });
}
