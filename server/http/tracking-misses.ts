/**
 * Wrong tracking references, limited per client address more tightly than lookups
 * (docs/reliability.md, "Retries, limits and files"): typing a code wrong now and then is human,
 * trying code after code is guessing. An address that has used up its misses is refused every
 * lookup, right references too, until its window ends: were right ones still answered, a 429 would
 * tell a wrong guess as surely as a 404 does. Counted in the rate limiter's store (memory, or Redis
 * shared by servers).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { Problem } from './problems';
import { rateLimitedMessage } from './security';

export interface TrackingMisses {
  /** 429 when this request's address has no misses left; costs no write. */
  refuseSpent(request: FastifyRequest): Promise<void>;
  /** Counts a wrong reference: 429 for the one past the limit, so guesses sent together are held to it too. */
  miss(request: FastifyRequest): Promise<void>;
}

const refused = (ttlMs: number, ttlSeconds: number) =>
  new Problem(
    429,
    rateLimitedMessage(ttlMs),
    {},
    { 'retry-after': String(Math.max(1, ttlSeconds)) },
  );

export function trackingMisses(app: FastifyInstance, { max, windowMs }: RateLimit): TrackingMisses {
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    // A key of its own: the plugin gives every limiter made this way the same prefix in Redis.
    keyGenerator: (request) => `tracking-miss:${normalizeIP(request.ip)}`,
  });
  return {
    async refuseSpent(request) {
      const misses = await limiter(request, { increment: false });
      if (!misses.isAllowed && misses.remaining === 0)
        throw refused(misses.ttl, misses.ttlInSeconds);
    },
    async miss(request) {
      const misses = await limiter(request);
      if (!misses.isAllowed && misses.isExceeded) throw refused(misses.ttl, misses.ttlInSeconds);
    },
  };
}
