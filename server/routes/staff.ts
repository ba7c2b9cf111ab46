/**
 * The staff's order calls (a staff member's session or the ops token): the overview, the queue
 * (also as CSV), one order,
 * moving its status and sending a price (the customer is mailed of both, through the outbox),
 * the mail backlog; and, for the ops command alone, making an account staff or customer again.
 */
import type { FastifyInstance } from 'fastify';
import { calls, formatNaira } from '../../src/api/contract';
import { findUserByEmail, setUserRole } from '../accounts/users';
import { staffActor } from '../accounts/auth';
import { csvStream, sendCsv, wantsCsv } from '../http/csv';
import { everyQueuedOrderRow, orderQueue, QUEUE_CSV_HEADER } from '../orders/order-queue';
import { sendOffer } from '../orders/staff-offers';
import { staffOverview } from '../orders/staff-overview';
import { staffView } from '../orders/orders';
import { moveStatus } from '../orders/status-move';
import { conflict, notFound } from '../http/problems';
import { crewMemberRoleMessage } from '../crews/crews';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';
import { shipmentOf, viewSettingsOf } from './order-lookup';

export async function staffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer } = services;
  const viewSettings = viewSettingsOf(services);

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
    data: await staffView(db, await shipmentOf(db, request.params.id), viewSettings),
  }));

  contractRoute(app, services, 'staffSetStatus', async (request) => {
    const { status, note, confirm_accepted, confirm_unpaid } = request.body;
    const { order, changed } = await moveStatus(services, {
      actor: staffActor(request),
      shipment: await shipmentOf(db, request.params.id),
      move: { status, note, confirmAccepted: confirm_accepted, confirmUnpaid: confirm_unpaid },
    });
    if (changed) {
      services.tracking.forget(order.reference);
      if (status === 'Cancelled') void services.refunds?.now();
    }
    return {
      message: changed
        ? `Status set to ${status}; the customer was mailed.`
        : `Already ${status}: nothing changed.`,
      data: await staffView(db, order, viewSettings),
    };
  });

  // A new offer replaces an open one; an accepted one is final unless corrected with a reason.
  // The unique index on open offers (migration 014) turns two offers sent at once into one
  // success and one 409.
  contractRoute(app, services, 'staffSendOffer', async (request) => {
    const shipment = await shipmentOf(db, request.params.id);
    const { amount_kobo, note, valid_until, correction } = request.body;
    const corrected = await sendOffer(services, {
      actor: staffActor(request),
      shipment,
      offer: { amount_kobo, note: note || null, valid_until },
      correction: correction ?? null,
    });
    return {
      message: corrected
        ? `Corrected price of ${formatNaira(amount_kobo)} sent; the customer was mailed.`
        : `Offer of ${formatNaira(amount_kobo)} sent; the customer was mailed.`,
      data: await staffView(db, shipment, viewSettings),
    };
  });

  contractRoute(app, services, 'setRole', async (request) => {
    const { email, role } = request.body;
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound(`No account uses ${email}: they must sign up on the website first.`);
    // A crew member's role follows their crew (docs/crews.md): staff take them out of it first.
    if (user.role === 'crew') throw conflict(crewMemberRoleMessage(email));
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
