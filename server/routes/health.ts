/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: within 3 s, the state of each
 * dependency, checked in ops/readiness.ts: the database, Redis when configured, and the mail
 * backlog; 503 when the database is down, since nothing works without it, and `degraded` while
 * anything else is). The public sees only that word; each dependency's state (error texts, mail
 * counts) needs the ops token.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { isOpsRequest } from '../http/auth';
import { checkDependencies } from '../ops/readiness';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export async function healthRoutes(
  app: FastifyInstance,
  { services, redis }: RoutesOptions & { redis: Redis | null },
) {
  app.get('/healthz', async () => ({ status: 'ok' as const }));
  app.get('/readyz', async (request, reply) => {
    const dependencies = await checkDependencies({
      db: services.db,
      mailer: services.mailer,
      redis,
    });
    const { database, mail, redis: cache } = dependencies;
    const answer = <S extends string>(status: S) =>
      isOpsRequest(request, services.opsToken) ? { status, dependencies } : { status };
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
