/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: within 3 s, the state of each
 * dependency: the database, Redis when configured, and the mail backlog; 503 when the database
 * is down, since nothing works without it, and `degraded` while anything else is). The public
 * sees only that word; each dependency's state (error texts, mail counts) needs the ops token.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { isOpsToken } from '../accounts/auth';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

/** Each check's own limit, so the whole answer stays under 3 s. */
const CHECK_TIMEOUT_MS = 2_000;

function withinLimit<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

const failure = (error: unknown) => ({ status: 'down' as const, error: error instanceof Error ? error.message : String(error) });

export async function healthRoutes(app: FastifyInstance, { services, redis }: RoutesOptions & { redis: Redis | null }) {
  app.get('/healthz', async () => ({ status: 'ok' as const }));
  app.get('/readyz', async (request, reply) => {
    const [database, mail, cache] = await Promise.all([
      withinLimit(sql`select 1`.execute(services.db)).then(() => ({ status: 'up' as const }), failure),
      withinLimit(services.mailer.backlog()).then(
        ({ pending, failed, oldest_pending }) => ({ status: 'up' as const, pending, failed, oldest_pending }),
        failure,
      ),
      redis ? withinLimit(redis.ping()).then(() => ({ status: 'up' as const }), failure) : null,
    ]);
    const dependencies = { database, ...(cache ? { redis: cache } : {}), mail };
    const answer = <S extends string>(status: S) => (isOpsToken(request, services.opsToken) ? { status, dependencies } : { status });
    if (database.status === 'down') {
      request.log.error({ dependencies }, 'not ready: database not reachable');
      return reply.code(503).send(answer('unavailable'));
    }
    // Redis down or mail failing: still serving (limits fall back to memory, mail waits), but say so.
    const degraded = cache?.status === 'down' || mail.status === 'down';
    return answer(degraded ? 'degraded' : 'ok');
  });
}

/** The contract's own health call, under /api/v1. */
export async function apiHealthRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(app, services, 'health', async () => ({ status: 'ok' as const }));
}
