/** Public tracking by reference, and the signed-in customer's own bookings, paged. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { currentUser } from '../accounts/auth';
import { readFormsWithoutFiles } from '../http/multipart-fields';
import { customerOrdersPage } from '../orders/customer-orders';
import { notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import { findTracking, normaliseReference } from '../orders/shipments';
import { trackingMisses } from '../http/tracking-misses';
import { contractRoute } from './contract-route';

export const UNKNOWN_REFERENCE =
  'No package was found with this tracking code. Check the code in your mail and try again.';

/**
 * A tracking form is one code of at most 64 characters: 16 KB leaves room for any client's part
 * headers, and a larger form is refused as it arrives rather than held whole (a form with photos
 * may be 3.7 MB, but no one sends photos to track a parcel).
 */
export const TRACKING_FORM_LIMIT = 16 * 1024;

export async function trackingRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, config } = services;
  readFormsWithoutFiles(app, TRACKING_FORM_LIMIT);
  const misses = trackingMisses(app, config.trackingMissLimit);

  contractRoute(
    app,
    services,
    'trackingStatus',
    async (request) => {
      await misses.refuseSpent(request);
      const reference = normaliseReference(request.body.reference_id);
      let tracking = services.tracking.get(reference);
      if (!tracking) {
        tracking = await findTracking(db, reference);
        if (!tracking) {
          await misses.miss(request);
          throw notFound(UNKNOWN_REFERENCE);
        }
        services.tracking.set(reference, tracking);
      }
      return { message: calls.trackingStatus.success, data: tracking };
    },
    { perAddress: config.trackingRateLimit },
  );

  contractRoute(app, services, 'orders', async (request) => ({
    message: calls.orders.success,
    ...(await customerOrdersPage(db, currentUser(request).id, request.query)),
  }));
}
