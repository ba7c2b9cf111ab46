/** Mover and packer applications. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import type { ApplicationRole } from '../db/database';
import { storeApplication } from '../marketing/applications';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

const applicationCalls = [
  ['moverRegistration', 'mover'],
  ['packerRegistration', 'packer'],
] as const satisfies ReadonlyArray<readonly [keyof typeof calls, ApplicationRole]>;

export async function applicationRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  for (const [name, role] of applicationCalls) {
    contractRoute(
      app,
      services,
      name,
      async (request) => {
        await storeApplication(services.db, { ...request.body, role }, request.idempotencyKey);
        return { message: calls[name].success };
      },
      { idempotent: true, perAddress: services.config.applicationRateLimit },
    );
  }
}
