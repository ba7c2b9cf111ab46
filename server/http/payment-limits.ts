/**
 * Online payments started or verified, limited per account and per order (docs/operations.md,
 * "Payments"): each start and each verification calls Paystack with the merchant's key, and nothing
 * else held them back (200 starts went through in 3.2 s). Counted in the rate limiter's store
 * (memory, or Redis shared by servers) after the order is found to be the caller's, so nobody can
 * spend the count of another customer's order; beyond either limit, a 429 that says how long to
 * wait.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { Problem } from '../http/problems';
import { normaliseReference } from '../orders/shipments';

export interface PaymentLimits {
  /** Counts one start or verification of the caller's own order `{id}`: a 429 beyond a limit. */
  count(request: FastifyRequest): Promise<void>;
}

const minutes = (ms: number) => {
  const count = Math.max(1, Math.ceil(ms / 60_000));
  return count === 1 ? '1 minute' : `${count} minutes`;
};

export const paymentAccountLimitMessage = (waitMs: number) =>
  `Too many payment attempts from your account. Please wait ${minutes(waitMs)} and try again.`;
export const paymentOrderLimitMessage = (waitMs: number) =>
  `Too many payment attempts on this order. Please wait ${minutes(waitMs)} and try again.`;

export function paymentLimits(
  app: FastifyInstance,
  { paymentAccountLimit, paymentOrderLimit }: ServerConfig,
): PaymentLimits {
  // Keys of their own: the plugin gives every limiter made this way the same prefix in Redis.
  const perAccount = app.createRateLimit({
    max: paymentAccountLimit.max,
    timeWindow: paymentAccountLimit.windowMs,
    keyGenerator: (request) => `payment-account:${request.user?.id ?? ''}`,
  });
  const perOrder = app.createRateLimit({
    max: paymentOrderLimit.max,
    timeWindow: paymentOrderLimit.windowMs,
    keyGenerator: (request) =>
      `payment-order:${normaliseReference((request.params as { id: string }).id)}`,
  });
  return {
    async count(request) {
      for (const [limiter, message] of [
        [perAccount, paymentAccountLimitMessage],
        [perOrder, paymentOrderLimitMessage],
      ] as const) {
        const counted = await limiter(request);
        if (!counted.isAllowed && counted.isExceeded)
          throw new Problem(
            429,
            message(counted.ttl),
            {},
            { 'retry-after': String(Math.max(1, counted.ttlInSeconds)) },
          );
      }
    },
  };
}
