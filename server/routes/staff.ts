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
import { checkMove, checkStaffCancelOf, MOVED_MEANWHILE, staffView } from '../orders/orders';
import { balanceOf } from '../money/balances';
import { cancellationOf, oweCancellationRefunds } from '../money/refunds';
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
  const { db, mailer, config } = services;
  const viewSettings = { photoLinks: services.photoLinks, cancellationFeePercent: config.cancellationFeePercent };

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
    data: await staffView(db, await shipmentOf(request.params.id), viewSettings),
  }));

  contractRoute(app, services, 'staffSetStatus', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    notTheirOwn(request, shipment);
    const { status, note, confirm_accepted, confirm_unpaid } = request.body;
    if (shipment.status === status && !isFinalStatus(status)) {
      return { message: `Already ${status}: nothing changed.`, data: await staffView(db, shipment, viewSettings) };
    }
    checkMove(shipment.status, status);
    const moved = await mailer.transaction(async (trx) => {
      // Decided on the row as locked: a customer's answer or cancel meanwhile is seen (see lockShipment).
      const locked = await lockShipment(trx, shipment.id);
      checkMove(locked.status, status);
      if (status === 'Cancelled' && !confirm_accepted) checkStaffCancelOf(locked);
      // Shipping before the price is paid takes a second, knowing confirmation; the history keeps it.
      const outstanding = locked.price_kobo === null ? 0 : balanceOf(locked);
      if (status === 'Shipped' && outstanding > 0 && !confirm_unpaid) {
        throw conflict(`${formatNaira(outstanding)} of the price is not paid yet: confirm that you ship it unpaid.`);
      }
      const unpaidNote = status === 'Shipped' && outstanding > 0 ? `Shipped with ${formatNaira(outstanding)} unpaid (confirmed).` : null;
      const refund = status === 'Cancelled' ? await cancellationOf(trx, locked, config.cancellationFeePercent) : null;
      const by = { ...staffActor(request), note: [unpaidNote, note].filter(Boolean).join(' ') || null };
      const moved = await moveShipment(trx, locked, status, by);
      if (!moved) return null;
      const email = await customerEmail(trx, moved);
      if (refund) await oweCancellationRefunds(trx, moved, refund, by, email);
      await enqueueMail(trx, statusChangedMail(email, moved.reference, status, note));
      return moved;
    });
    if (!moved) throw conflict(MOVED_MEANWHILE);
    services.tracking.forget(moved.reference);
    if (status === 'Cancelled') void services.refunds?.now();
    return { message: `Status set to ${status}; the customer was mailed.`, data: await staffView(db, moved, viewSettings) };
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
      data: await staffView(db, shipment, viewSettings),
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
