/**
 * The staff's order calls (a staff member's session or the ops token): the overview, the queue
 * (also as CSV), one order,
 * moving its status and sending a price (the customer is mailed of both, through the outbox),
 * the mail backlog; and, for the ops command alone, making an account staff or customer again.
 */
import type { FastifyInstance } from 'fastify';
import { calls, formatNaira, isFinalStatus } from '../../src/api/contract';
import { findUserByEmail, isUniqueViolation, setUserRole } from '../accounts/users';
import { staffActor } from '../accounts/auth';
import type { Shipment } from '../db/database';
import { csvStream, sendCsv, wantsCsv } from '../http/csv';
import { statusChangedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { everyQueuedOrderRow, orderQueue, QUEUE_CSV_HEADER } from '../orders/order-queue';
import { customerEmailOf, replaceOffer } from '../orders/staff-offers';
import { staffOverview } from '../orders/staff-overview';
import { checkMove, checkStaffCancelOf, MOVED_MEANWHILE, staffView } from '../orders/orders';
import { balanceOf } from '../money/balances';
import { cancellationOf, oweCancellationRefunds } from '../money/refunds';
import { conflict, notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import { findShipment, lockShipment, moveShipment } from '../orders/shipments';
import { refuseOwnOrder } from '../orders/self-dealing';
import { contractRoute } from './contract-route';
import { UNKNOWN_REFERENCE } from './tracking';

export async function staffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, config } = services;
  const viewSettings = {
    photoLinks: services.photoLinks,
    cancellationFeePercent: config.cancellationFeePercent,
  };

  async function shipmentOf(reference: string): Promise<Shipment> {
    const shipment = await findShipment(db, reference);
    if (!shipment) throw notFound(UNKNOWN_REFERENCE);
    return shipment;
  }

  contractRoute(app, services, 'staffOverview', async () => ({
    message: calls.staffOverview.success,
    data: await staffOverview(db),
  }));

  // `Accept: text/csv` streams every order the filters find, in the queue's order; JSON answers a page.
  contractRoute(app, services, 'staffOrders', async (request, reply) => {
    if (wantsCsv(request))
      return sendCsv(
        reply,
        'orders.csv',
        csvStream(QUEUE_CSV_HEADER, everyQueuedOrderRow(db, request.query)),
      );
    return { message: calls.staffOrders.success, ...(await orderQueue(db, request.query)) };
  });

  contractRoute(app, services, 'staffOrder', async (request) => ({
    message: calls.staffOrder.success,
    data: await staffView(db, await shipmentOf(request.params.id), viewSettings),
  }));

  contractRoute(app, services, 'staffSetStatus', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    refuseOwnOrder(staffActor(request).actor_user_id, shipment);
    const { status, note, confirm_accepted, confirm_unpaid } = request.body;
    if (shipment.status === status && !isFinalStatus(status)) {
      return {
        message: `Already ${status}: nothing changed.`,
        data: await staffView(db, shipment, viewSettings),
      };
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
        throw conflict(
          `${formatNaira(outstanding)} of the price is not paid yet: confirm that you ship it unpaid.`,
        );
      }
      const unpaidNote =
        status === 'Shipped' && outstanding > 0
          ? `Shipped with ${formatNaira(outstanding)} unpaid (confirmed).`
          : null;
      const refund =
        status === 'Cancelled'
          ? await cancellationOf(trx, locked, config.cancellationFeePercent)
          : null;
      const by = {
        ...staffActor(request),
        note: [unpaidNote, note].filter(Boolean).join(' ') || null,
      };
      const moved = await moveShipment(trx, locked, status, by);
      if (!moved) return null;
      const email = await customerEmailOf(trx, moved);
      if (refund) await oweCancellationRefunds(trx, moved, refund, by, email);
      await enqueueMail(trx, statusChangedMail(email, moved.reference, status, note));
      return moved;
    });
    if (!moved) throw conflict(MOVED_MEANWHILE);
    services.tracking.forget(moved.reference);
    if (status === 'Cancelled') void services.refunds?.now();
    return {
      message: `Status set to ${status}; the customer was mailed.`,
      data: await staffView(db, moved, viewSettings),
    };
  });

  // A new offer replaces an open one; an accepted one is final. The unique index on live offers
  // (migration 006) turns two offers sent at once into one success and one 409.
  contractRoute(app, services, 'staffSendOffer', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    refuseOwnOrder(staffActor(request).actor_user_id, shipment);
    const { amount_kobo, note, valid_until } = request.body;
    await mailer
      .transaction((trx) =>
        replaceOffer(
          trx,
          shipment,
          { amount_kobo, note: note || null, valid_until },
          staffActor(request),
        ),
      )
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
    await setUserRole(db, user.id, role);
    return {
      message:
        role === 'staff'
          ? `${email} is now staff: the account menu shows Staff from their next login.`
          : `${email} is no longer staff.`,
    };
  });

  contractRoute(app, services, 'staffMail', async () => ({
    message: calls.staffMail.success,
    data: await mailer.backlog(),
  }));
}
