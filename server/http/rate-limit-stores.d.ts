/** The two stores @fastify/rate-limit ships (CommonJS, untyped), which the Redis fallback store combines. */
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const Store: new (
    ...args: unknown[]
  ) => FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
  export default Store;
}
