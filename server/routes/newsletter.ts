/** Newsletter sign-ups from the footer form. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export async function newsletterRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  // Subscribing twice is not an error: the second time changes nothing.
  contractRoute(app, services, 'newsletter', async (request) => {
    await services.db
      .insertInto('newsletter_subscribers')
      .values({ email: request.body.email })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
    return { message: calls.newsletter.success };
  }, { perAddress: services.config.newsletterRateLimit });
}
