/**
 * Prices (docs/prices.md): the published tariff, an order's estimate, and the tariff staff edit.
 */
import type { FastifyInstance } from 'fastify';
import { calls, type EstimateResult } from '../../src/api/contract';
import { tariffProblems } from '../../src/api/pricing';
import { currentUser } from '../accounts/auth';
import { invalid } from '../http/problems';
import { estimate } from '../money/order-price';
import { publishedPlaces } from '../money/places';
import { currentTariff, pricingOf, saveTariff } from '../money/tariff';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

/** Browsers keep the published tariff a minute; staff's change reaches previews within it, and the booking's own price counts anyway. */
const TARIFF_CACHE = 'public, max-age=60';

export async function priceRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;

  contractRoute(app, services, 'tariff', async (_request, reply) => {
    reply.header('cache-control', TARIFF_CACHE);
    return {
      message: calls.tariff.success,
      data: { ...pricingOf(await currentTariff(db)), places: publishedPlaces },
    };
  });

  contractRoute(app, services, 'estimate', async (request) => {
    const price = await estimate(db, request.body as Parameters<typeof estimate>[1]);
    const data: EstimateResult =
      price.kind === 'price'
        ? { version: price.version, amount_kobo: price.amount_kobo }
        : price.kind === 'estimate'
          ? { version: price.version, low_kobo: price.low_kobo, high_kobo: price.high_kobo }
          : price.kind === 'on_request'
            ? { version: price.version, on_request: true }
            : { incomplete: true };
    return { message: calls.estimate.success, data };
  });

  contractRoute(app, services, 'staffTariff', async () => ({
    message: calls.staffTariff.success,
    data: await currentTariff(db),
  }));

  contractRoute(app, services, 'staffSaveTariff', async (request) => {
    const problems = tariffProblems(request.body);
    if (Object.keys(problems).length > 0)
      throw invalid(
        Object.fromEntries(Object.entries(problems).map(([key, message]) => [key, [message]])),
      );
    const saved = await saveTariff(db, request.body, request.user ? currentUser(request).id : null);
    return { message: calls.staffSaveTariff.success, data: saved };
  });
}
