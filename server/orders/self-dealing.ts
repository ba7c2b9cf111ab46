/**
 * A member of staff never acts as staff on an order they booked as a customer: they could offer
 * themselves a price and accept it, record money nobody paid, or mark their own refund paid. Every
 * staff call that prices, moves or handles money on an order applies it: the status and offer
 * calls, and the office payment and refund-paid use cases (server/money), under the order's lock.
 * A colleague or the ops command (no person) does.
 */
import type { Shipment } from '../db/database';
import { forbidden } from '../http/problems';

export const OWN_ORDER_MESSAGE =
  'You booked this order yourself: another member of staff must handle it.';

/** Throws 403 when `actorUserId` (null for the ops command) is the order's customer. */
export function refuseOwnOrder(actorUserId: number | null, shipment: Pick<Shipment, 'user_id'>) {
  if (actorUserId !== null && actorUserId === shipment.user_id) throw forbidden(OWN_ORDER_MESSAGE);
}
