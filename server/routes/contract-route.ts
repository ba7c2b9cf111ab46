/**
 * Declares a route from its entry in the contract's `calls` table: method, path, body schema,
 * guard and rate limit all come from there, so the wire is described in one place only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { calls, type CallName, type ParsedRequestOf, type ResponseOf } from '../../src/api/contract';
import { requireStaff, requireUser } from '../auth';
import type { Services } from '../services';

export type ContractRequest<N extends CallName> = FastifyRequest<{
  Body: ParsedRequestOf<N>;
  Params: { id: string };
}>;

type Handler<N extends CallName> = (request: ContractRequest<N>, reply: FastifyReply) => Promise<ResponseOf<N>>;

interface RouteOptions {
  /** Login, sign-up, code and password calls: limited per client address (config.authRateLimit). */
  rateLimited?: boolean;
}

function guardFor(auth: (typeof calls)[CallName]['auth'], services: Services): onRequestAsyncHookHandler[] {
  if (auth === 'bearer') return [requireUser(services.db)];
  if (auth === 'staff') return [requireStaff(services.opsToken)];
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
  app.route({
    method: call.method,
    url: `/${call.path.replace('{id}', ':id')}`,
    ...(call.request ? { schema: { body: call.request } } : {}),
    config: { call: name, ...(options.rateLimited ? { rateLimit: { max, timeWindow: windowMs } } : {}) },
    onRequest: guardFor(call.auth, services),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
