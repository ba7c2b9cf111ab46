/**
 * The staff's order calls (a staff member's session or the ops token): the overview, the queue
 * (also as CSV), one order,
 * moving its status and sending a price (the customer is mailed of both, through the outbox),
 * the mail backlog; and, for the ops command alone, making an account staff or customer again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, formatNaira, isFinalStatus, type StaffOrder } from '../../src/api/contract';
import { findUserByEmail, isUniqueViolation, setUserRole } from '../accounts/users';
import { staffActor } from '../accounts/auth';
import type { Shipment } from '../db/database';
import { csvStream, sendCsv, wantsCsv } from '../http/csv';
import { statusChangedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { everyQueuedOrder, orderQueue } from '../orders/order-queue';
import { customerEmailOf, replaceOffer } from '../orders/staff-offers';
import { staffOverview } from '../orders/staff-overview';
import { checkCancelOf, checkMove, MOVED_MEANWHILE, staffView } from '../orders/orders';
import { conflict, forbidden, notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import { findShipment, lockShipment, moveShipment } from '../orders/shipments';
import { contractRoute } from './contract-route';
import { UNKNOWN_REFERENCE } from './tracking';

export const OWN_ORDER_MESSAGE = 'You booked this order yourself: another member of staff must price it or move it.';

/**
 * A staff member does not price or move an order they booked as a customer (they could offer
 * themselves a price and accept it); a colleague or the ops command (no person) does.
 */
function notTheirOwn(request: FastifyRequest, shipment: Shipment): void {
  if (request.user && request.user.id === shipment.user_id) throw forbidden(OWN_ORDER_MESSAGE);
}

const QUEUE_CSV_HEADER = ['reference', 'service_type', 'status', 'created_at', 'job_date', 'customer', 'email', 'phone', 'price_kobo', 'price_state'];

async function* queueCsvRows(batches: AsyncIterable<StaffOrder[]>) {
  for await (const batch of batches) {
    yield batch.map((order) => [
      order.reference_number, order.service_type, order.status, order.created_at, order.job_date ?? '',
      order.customer.fullname, order.customer.email, order.customer.phone,
      order.offer ? String(order.offer.amount_kobo) : '', order.offer?.state ?? '',
    ]);
  }
}

export async function staffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, photoLinks } = services;

  async function shipmentOf(reference: string): Promise<Shipment> {
    const shipment = await findShipment(db, reference);
    if (!shipment) throw notFound(UNKNOWN_REFERENCE);
    return shipment;
  }

  contractRoute(app, services, 'staffOverview', async () => ({ message: calls.staffOverview.success, data: await staffOverview(db) }));

  // `Accept: text/csv` streams every order the filters find, in the queue's order; JSON answers a page.
  contractRoute(app, services, 'staffOrders', async (request, reply) => {
    if (wantsCsv(request)) return sendCsv(reply, 'orders.csv', csvStream(QUEUE_CSV_HEADER, queueCsvRows(everyQueuedOrder(db, request.query))));
    return { message: calls.staffOrders.success, ...(await orderQueue(db, request.query)) };
  });

  contractRoute(app, services, 'staffOrder', async (request) => ({
    message: calls.staffOrder.success,
    data: await staffView(db, await shipmentOf(request.params.id), photoLinks),
  }));

  contractRoute(app, services, 'staffSetStatus', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    notTheirOwn(request, shipment);
    const { status, note, confirm_accepted } = request.body;
    if (shipment.status === status && !isFinalStatus(status)) {
      return { message: `Already ${status}: nothing changed.`, data: await staffView(db, shipment, photoLinks) };
    }
    checkMove(shipment.status, status);
    const moved = await mailer.transaction(async (trx) => {
      // Decided on the row as locked: a customer's answer or cancel meanwhile is seen (see lockShipment).
      const locked = await lockShipment(trx, shipment.id);
      checkMove(locked.status, status);
      if (status === 'Cancelled' && !confirm_accepted) await checkCancelOf(trx, shipment.id, 'staff');
      const moved = await moveShipment(trx, locked, status, { ...staffActor(request), note });
      if (moved) await enqueueMail(trx, statusChangedMail(await customerEmailOf(trx, moved), moved.reference, status, note));
      return moved;
    });
    if (!moved) throw conflict(MOVED_MEANWHILE);
    services.tracking.forget(moved.reference);
    return { message: `Status set to ${status}; the customer was mailed.`, data: await staffView(db, moved, photoLinks) };
  });

  // A new offer replaces an open one; an accepted one is final. The unique index on live offers
  // (migration 006) turns two offers sent at once into one success and one 409.
  contractRoute(app, services, 'staffSendOffer', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    notTheirOwn(request, shipment);
    const { amount_kobo, note, valid_until } = request.body;
    await mailer
      .transaction((trx) => replaceOffer(trx, shipment, { amount_kobo, note: note || null, valid_until }, staffActor(request)))
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(MOVED_MEANWHILE) : error;
      });
    return {
      message: `Offer of ${formatNaira(amount_kobo)} sent; the customer was mailed.`,
      data: await staffView(db, shipment, photoLinks),
    };
  });

  contractRoute(app, services, 'setRole', async (request) => {
    const { email, role } = request.body;
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound(`No account uses ${email}: they must sign up on the website first.`);
    if (user.role === role) return { message: `${email} is already ${role}: nothing changed.` };
    await setUserRole(db, user.id, role);
    return { message: role === 'staff' ? `${email} is now staff: the account menu shows Staff from their next login.` : `${email} is no longer staff.` };
  });

  contractRoute(app, services, 'staffMail', async () => ({ message: calls.staffMail.success, data: await mailer.backlog() }));
}
