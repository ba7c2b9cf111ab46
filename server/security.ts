/**
 * Security headers (helmet; the CSP lets the built React site run: same-origin scripts, inline
 * styles, images from self, data: and blob:), strict CORS (same origin unless CORS_ORIGINS), and
 * the rate limiter the sensitive routes opt into (in memory, or Redis shared by several servers).
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';
import { Problem } from './problems';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export async function registerSecurity(app: FastifyInstance, config: ServerConfig, redis: Redis | null): Promise<void> {
  await app.register(helmet, {
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
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.redisPrefix } : {}),
    errorResponseBuilder: () => new Problem(429, RATE_LIMITED_MESSAGE),
  });
}
