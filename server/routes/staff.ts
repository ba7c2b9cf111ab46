/** Staff routes behind the ops token: recent shipments, and moving one to its next status (the customer is mailed). */
import type { FastifyInstance } from 'fastify';
import { statusChangedMail } from '../mail/messages';
import { notFound } from '../problems';
import type { RoutesOptions } from '../services';
import { findShipment, findTracking, moveShipment } from '../shipments';
import { contractRoute } from './contract-route';
import { UNKNOWN_REFERENCE } from './tracking';

const RECENT_ORDERS = 100;

export async function staffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer } = services;

  contractRoute(app, services, 'staffOrders', async () => {
    const orders = await db
      .selectFrom('shipments')
      .innerJoin('users', 'users.id', 'shipments.user_id')
      .select(['reference', 'service_type', 'status', 'shipments.created_at', 'updated_at', 'users.email'])
      .orderBy('shipments.created_at', 'desc')
      .orderBy('shipments.id', 'desc')
      .limit(RECENT_ORDERS)
      .execute();
    return {
      message: 'Orders found',
      data: orders.map((order) => ({
        reference_number: order.reference,
        service_type: order.service_type,
        status: order.status,
        created_at: order.created_at.toISOString(),
        updated_at: order.updated_at.toISOString(),
        email: order.email,
      })),
    };
  });

  contractRoute(app, services, 'staffSetStatus', async (request) => {
    const shipment = await findShipment(db, request.params.id);
    if (!shipment) throw notFound(UNKNOWN_REFERENCE);
    const moved = await moveShipment(db, shipment, request.body.status);
    services.tracking.forget(moved.reference);
    const data = await findTracking(db, moved.reference);
    if (!data) throw notFound(UNKNOWN_REFERENCE);
    if (moved === shipment) return { message: `Already ${moved.status}: nothing changed.`, data };
    const customer = await db.selectFrom('users').select('email').where('id', '=', moved.user_id).executeTakeFirst();
    if (customer) await mailer.send(statusChangedMail(customer.email, moved.reference, moved.status));
    return { message: `Status set to ${moved.status}; the customer was mailed.`, data };
  });
}
