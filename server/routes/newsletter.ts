/** Newsletter sign-ups from the footer form. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { subscribe } from '../marketing/newsletter';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export async function newsletterRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(
    app,
    services,
    'newsletter',
    async (request) => {
      await subscribe(services.db, request.body.email);
      return { message: calls.newsletter.success };
    },
    { perAddress: services.config.newsletterRateLimit },
  );
}
