/**
 * The staff's order calls (a staff member's session or the ops token): the queue, one order,
 * moving its status and sending a price (the customer is mailed of both, through the outbox),
 * the mail backlog; and, for the ops command alone, making an account staff or customer again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, formatNaira, isFinalStatus, statusLabels } from '../../src/api/contract';
import { findUserByEmail, isUniqueViolation } from '../accounts/users';
import { staffActor } from '../accounts/auth';
import type { DB, Shipment } from '../db/database';
import { offerMail, statusChangedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { orderQueue } from '../orders/order-queue';
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

export const PRICE_FINAL_MESSAGE = 'The customer accepted a price for this order: it is final, no new offer can be sent.';

export async function staffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, photoLinks } = services;

  async function shipmentOf(reference: string): Promise<Shipment> {
    const shipment = await findShipment(db, reference);
    if (!shipment) throw notFound(UNKNOWN_REFERENCE);
    return shipment;
  }

  const customerEmail = async (executor: DB, shipment: Shipment) =>
    (await executor.selectFrom('users').select('email').where('id', '=', shipment.user_id).executeTakeFirstOrThrow()).email;

  contractRoute(app, services, 'staffOrders', async (request) => ({ message: calls.staffOrders.success, ...(await orderQueue(db, request.query)) }));

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
      if (moved) await enqueueMail(trx, statusChangedMail(await customerEmail(trx, moved), moved.reference, status, note));
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
      .transaction(async (trx) => {
        // Read under a row lock, so a cancel or a delivery meanwhile is seen.
        const { status } = await lockShipment(trx, shipment.id);
        if (isFinalStatus(status)) throw conflict(`This order is ${statusLabels[status]}: no offer can be sent.`);
        const accepted = await trx.selectFrom('offers').select('id').where('shipment_id', '=', shipment.id).where('state', '=', 'accepted').executeTakeFirst();
        if (accepted) throw conflict(PRICE_FINAL_MESSAGE);
        await trx.updateTable('offers').set({ state: 'replaced' }).where('shipment_id', '=', shipment.id).where('state', '=', 'open').execute();
        await trx
          .insertInto('offers')
          .values({ shipment_id: shipment.id, amount_kobo, note: note || null, valid_until, ...staffActor(request) })
          .execute();
        await enqueueMail(trx, offerMail(await customerEmail(trx, shipment), shipment.reference, { amount_kobo, valid_until, note: note || null }));
      })
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
    await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
    return { message: role === 'staff' ? `${email} is now staff: the account menu shows Staff from their next login.` : `${email} is no longer staff.` };
  });

  contractRoute(app, services, 'staffMail', async () => ({ message: calls.staffMail.success, data: await mailer.backlog() }));
}
