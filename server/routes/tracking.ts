/** Public tracking by reference, and the signed-in customer's own bookings. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { currentUser } from '../auth';
import { notFound } from '../problems';
import type { RoutesOptions } from '../services';
import { findTracking, normaliseReference } from '../shipments';
import { contractRoute } from './contract-route';

export const UNKNOWN_REFERENCE = 'No package was found with this tracking code. Check the code in your mail and try again.';

export async function trackingRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;

  contractRoute(app, services, 'trackingStatus', async (request) => {
    const reference = normaliseReference(request.body.reference_id);
    let tracking = services.tracking.get(reference);
    if (!tracking) {
      tracking = await findTracking(db, reference);
      if (!tracking) throw notFound(UNKNOWN_REFERENCE);
      services.tracking.set(reference, tracking);
    }
    return { message: calls.trackingStatus.success, data: tracking };
  });

  contractRoute(app, services, 'orders', async (request) => {
    const orders = await db
      .selectFrom('shipments')
      .select(['reference', 'service_type', 'status', 'created_at'])
      .where('user_id', '=', currentUser(request).id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return {
      message: calls.orders.success,
      data: orders.map((order) => ({
        reference_number: order.reference,
        service_type: order.service_type,
        status: order.status,
        created_at: order.created_at.toISOString(),
      })),
    };
  });
}
