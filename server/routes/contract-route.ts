/**
 * Declares a route from its entry in the contract's `calls` table: method, path, body schema,
 * guard and rate limit all come from there, so the wire is described in one place only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { calls, type CallName, type ParsedQueryOf, type ParsedRequestOf, type ResponseOf } from '../../src/api/contract';
import { requireOpsToken, requireStaff, requireUser } from '../auth';
import { idempotencyKeyOf, type IdempotencyKey } from '../idempotency';
import { withOrderLimit } from '../order-limit';
import type { Services } from '../services';

export type ContractRequest<N extends CallName> = FastifyRequest<{
  Body: ParsedRequestOf<N>;
  Querystring: ParsedQueryOf<N>;
  Params: { id: string };
}>;

/** A call that can answer CSV sends the file itself through `reply`. */
type Answer<N extends CallName> = (typeof calls)[N] extends { csv: true } ? ResponseOf<N> | FastifyReply : ResponseOf<N>;
type Handler<N extends CallName> = (request: ContractRequest<N>, reply: FastifyReply) => Promise<Answer<N>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key of a quote, delivery or application call, when it carries one. */
    idempotencyKey: IdempotencyKey | null;
  }
}

interface RouteOptions {
  /** Login, sign-up, code and password calls: limited per client address (config.authRateLimit). */
  rateLimited?: boolean;
  /** Quote and delivery calls: at most config.orderRateLimit per account per hour. */
  countsAsOrder?: boolean;
  /** Quote, delivery and application calls: read the Idempotency-Key (see ../idempotency.ts). */
  idempotent?: boolean;
}

function guardFor(auth: (typeof calls)[CallName]['auth'], services: Services): onRequestAsyncHookHandler[] {
  if (auth === 'bearer') return [requireUser(services.db)];
  if (auth === 'staff') return [requireStaff(services.db, services.opsToken)];
  if (auth === 'ops') return [requireOpsToken(services.opsToken)];
  return [];
}

export function contractRoute<N extends CallName>(
  app: FastifyInstance,
  services: Services,
  name: N,
  handler: Handler<N>,
  options: RouteOptions = {},
): void {
  const call = calls[name];
  const { max, windowMs } = services.config.authRateLimit;
  const run = handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const limited = options.countsAsOrder ? withOrderLimit(services.db, services.config.orderRateLimit, run) : run;
  // The key is read (a malformed one refused) before anything is stored, the limit counted or a file kept.
  const keyed = async (request: FastifyRequest, reply: FastifyReply) => {
    request.idempotencyKey = idempotencyKeyOf(request);
    services.expireIdempotencyKeys();
    return limited(request, reply);
  };
  app.route({
    method: call.method,
    url: `/${call.path.replace('{id}', ':id')}`,
    schema: {
      ...(call.request ? { body: call.request } : {}),
      ...('query' in call ? { querystring: call.query } : {}),
    },
    config: { call: name, ...(options.rateLimited ? { rateLimit: { max, timeWindow: windowMs } } : {}) },
    onRequest: guardFor(call.auth, services),
    handler: options.idempotent ? keyed : limited,
  });
}
