/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export async function healthRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  app.get('/healthz', async () => ({ status: 'ok' as const }));
  app.get('/readyz', async (request, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

/** The contract's own health call, under /api/v1. */
export async function apiHealthRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(app, services, 'health', async () => ({ status: 'ok' as const }));
}
