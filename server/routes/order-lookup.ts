/**
 * How the order routes find the order a call names: any order for staff, the caller's own for a
 * customer (another customer's reference answers 404, as an unknown one), and what the order
 * views need besides the database. Written once for routes/orders.ts, staff.ts and payments.ts.
 */
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../accounts/auth';
import type { DB, Shipment, User } from '../db/database';
import { notFound } from '../http/problems';
import type { ViewSettings } from '../orders/orders';
import { findShipment } from '../orders/shipments';
import type { Services } from '../services';
import { UNKNOWN_REFERENCE } from './tracking';

/** Any call on `…/orders/{reference}…`. */
export type OrderRequest = FastifyRequest<{ Params: { id: string } }>;

export const viewSettingsOf = (services: Services): ViewSettings => ({
  photoLinks: services.photoLinks,
  cancellationFeePercent: services.config.cancellationFeePercent,
});

/** The order `reference` names, or 404. */
export async function shipmentOf(db: DB, reference: string): Promise<Shipment> {
  const shipment = await findShipment(db, reference);
  if (!shipment) throw notFound(UNKNOWN_REFERENCE);
  return shipment;
}

/** The signed-in customer's own order the request names, or 404. */
export async function ownOrder(
  db: DB,
  request: OrderRequest,
): Promise<{ shipment: Shipment; customer: User }> {
  const customer = currentUser(request);
  const shipment = await findShipment(db, request.params.id);
  if (!shipment || shipment.user_id !== customer.id) throw notFound(UNKNOWN_REFERENCE);
  return { shipment, customer };
}
