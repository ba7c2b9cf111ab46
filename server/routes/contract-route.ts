/**
 * Declares a route from its entry in the contract's `calls` table: method, path, body schema,
 * guard and rate limit all come from there, so the wire is described in one place only.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import {
  calls,
  type CallName,
  type ParsedQueryOf,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../src/api/contract';
import { checkAddress } from '../http/address';
import {
  requireBooker,
  requireCrew,
  requireOpsToken,
  requireStaff,
  requestTokenHash,
  requireUser,
  signIn,
} from '../http/auth';
import type { RateLimit } from '../config';
import { idempotencyKeyOf, type IdempotencyKey } from '../orders/idempotency';
import { Problem } from '../http/problems';
import type { Services } from '../services';
import type { Booker } from '../orders/booking';

export type ContractRequest<N extends CallName> = FastifyRequest<{
  Body: ParsedRequestOf<N>;
  Querystring: ParsedQueryOf<N>;
  Params: { id: string; key: string; token: string };
}>;

/** A call that can answer CSV sends the file itself through `reply`. */
type Answer<N extends CallName> = (typeof calls)[N] extends { csv: true }
  ? ResponseOf<N> | FastifyReply
  : ResponseOf<N>;
type Handler<N extends CallName> = (
  request: ContractRequest<N>,
  reply: FastifyReply,
) => Promise<Answer<N>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key of a quote, delivery or application call, when it carries one. */
    idempotencyKey: IdempotencyKey | null;
  }
}

interface RouteOptions {
  /** Login, sign-up, code and password calls: limited per client address (config.authRateLimit). */
  rateLimited?: boolean;
  /** Any other call limited per client address: its own limit (newsletter, applications, tracking). */
  perAddress?: RateLimit;
  /** Application calls: read the Idempotency-Key (see ../orders/idempotency.ts). */
  idempotent?: boolean;
  /**
   * Fields that change from one try to the next of the same request (a stop event's `sent_at`):
   * left out of the request's hash, so a try sent again is the same request.
   */
  unhashed?: readonly string[];
  /**
   * Quote and delivery calls: idempotent too, and `book` (../orders/booking.ts) checks the session and
   * the hourly limit in the statement that stores the booking, so the guard only wants a token.
   */
  booking?: boolean;
  /** How many files its form may carry (one unless it says more: a stop's proof photos). */
  files?: number;
}

/** Who books, read from a booking call's request: its session's token hash and its Idempotency-Key. */
export const bookerOf = (request: FastifyRequest): Booker => ({
  tokenHash: requestTokenHash(request),
  idempotency: request.idempotencyKey,
});

/** Whether some call at this method and path takes a multipart form (users/state-service takes both). */
const takesForms = (call: (typeof calls)[CallName]) =>
  Object.values(calls).some(
    (other) =>
      other.method === call.method && other.path === call.path && other.body === 'multipart',
  );

function guardFor(
  auth: (typeof calls)[CallName]['auth'],
  services: Services,
  booking: boolean,
): onRequestAsyncHookHandler[] {
  if (auth === 'bearer') return [booking ? requireBooker(services.db) : requireUser(services.db)];
  if (auth === 'staff') return [requireStaff(services.db, services.opsToken)];
  if (auth === 'ops') return [requireOpsToken(services.opsToken)];
  if (auth === 'crew') return [requireCrew(services.db)];
  return [];
}

/** Calls whose address names rows: a path `{id}`, `{key}` or `{token}`, or a query string (with its page cursor). */
const namesRows = (call: (typeof calls)[CallName]) =>
  /\{(id|key|token)\}/.test(call.path) || 'query' in call;
const checkedAddress: onRequestAsyncHookHandler = async (request) => checkAddress(request);

/** The body without `fields`, for its hash. */
function withoutFields(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}

export function contractRoute<N extends CallName>(
  app: FastifyInstance,
  services: Services,
  name: N,
  handler: Handler<N>,
  options: RouteOptions = {},
): void {
  const call = calls[name];
  const limit = options.perAddress ?? (options.rateLimited ? services.config.authRateLimit : null);
  const run = handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const booking = options.booking ?? false;
  // The key is read (a malformed one refused) before anything is stored or a file kept.
  const keyed = async (request: FastifyRequest, reply: FastifyReply) => {
    request.idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key'], {
      method: request.method,
      path: request.routeOptions.url ?? '',
      body: withoutFields(request.body, options.unhashed),
      files: request.uploads,
    });
    services.expireIdempotencyKeys();
    return run(request, reply);
  };
  // A booking whose request is refused before its statement runs (a field, the key) still answers
  // 401 first when the session has ended, as every other signed-in call does. A 401 already
  // found (the statement saw no live session) needs no second look.
  const bookingHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      if (request.validationError) throw request.validationError;
      return await keyed(request, reply);
    } catch (error) {
      if (!request.user && !(error instanceof Problem && error.statusCode === 401))
        await signIn(services.db, request);
      throw error;
    }
  };
  app.route({
    method: call.method,
    url: `/${call.path.replace('{id}', ':id').replace('{key}', ':key').replace('{token}', ':token')}`,
    schema: {
      ...(call.request ? { body: call.request } : {}),
      ...('query' in call ? { querystring: call.query } : {}),
    },
    config: {
      call: name,
      forms: takesForms(call),
      ...(options.files ? { files: options.files } : {}),
      ...(limit ? { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } : {}),
    },
    // After the guard, so a caller without a session learns nothing about the address.
    onRequest: [
      ...guardFor(call.auth, services, booking),
      ...(namesRows(call) ? [checkedAddress] : []),
    ],
    ...(booking ? { attachValidation: true } : {}),
    handler: booking ? bookingHandler : options.idempotent ? keyed : run,
  });
}
