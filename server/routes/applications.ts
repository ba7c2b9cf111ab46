/** Mover and packer applications: stored for the recruiting team. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import type { ApplicationRole } from '../db/database';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

const applicationCalls = [
  ['moverRegistration', 'mover'],
  ['packerRegistration', 'packer'],
] as const satisfies ReadonlyArray<readonly [keyof typeof calls, ApplicationRole]>;

export async function applicationRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  for (const [name, role] of applicationCalls) {
    contractRoute(app, services, name, async (request) => {
      // A retried submit (same key, same request) matches the unique index and stores nothing.
      const idempotency = request.idempotencyKey;
      await services.db
        .insertInto('applications')
        .values({ ...request.body, role, idempotency_key: idempotency?.key, request_hash: idempotency?.hash })
        .onConflict((conflict) => conflict.columns(['idempotency_key', 'request_hash']).where('idempotency_key', 'is not', null).doNothing())
        .execute();
      return { message: calls[name].success };
    }, { idempotent: true, perAddress: services.config.applicationRateLimit });
  }
}
