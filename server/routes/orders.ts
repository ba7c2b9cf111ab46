/**
 * The customer's own order: its page (details, history, open offer), the answer to a price
 * offer, cancelling it and moving its dates while it is To Inspect. Staff are mailed of each
 * answer and change (STAFF_EMAIL). Another customer's reference answers 404, as an unknown one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  calls,
  formatNaira,
  isFinalStatus,
  rescheduleDeliveryRequest,
  rescheduleQuoteRequest,
  shipmentStatuses,
  statusLabels,
  todayInLagos,
  type ServiceType,
} from '../../src/api/contract';
import { currentUser } from '../auth';
import type { DB, Shipment, User } from '../db/database';
import { customerActionMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { MOVED_MEANWHILE, offerStateOf, ownerView } from '../orders';
import { conflict, invalidFrom, notFound } from '../problems';
import type { RoutesOptions } from '../services';
import { findShipment, moveShipment } from '../shipments';
import { contractRoute } from './contract-route';
import { UNKNOWN_REFERENCE } from './tracking';

/** Any call on `users/orders/{reference}…`. */
type OrderRequest = FastifyRequest<{ Params: { id: string } }>;

/** An offer can be answered only while its order is still open (a staff move meanwhile is seen). */
const openStatuses = shipmentStatuses.filter((status) => !isFinalStatus(status));

const quoteTypes: readonly ServiceType[] = ['state_service', 'local_service', 'office_service'];

const offerConflicts = {
  expired: (validUntil: string) => `This offer was valid through ${validUntil} and has expired: ask us for a new price.`,
  accepted: 'You already accepted this price.',
  declined: 'You already declined this price: we will send you a new one.',
};

const onlyWhileToInspect = (shipment: Shipment, action: string) => {
  if (shipment.status !== 'ToInspect') {
    throw conflict(`This order is ${statusLabels[shipment.status]}: it can no longer be ${action}. Call us if something must change.`);
  }
};

const dateOrNone = (date: string | null | undefined) => date ?? 'none';

/** Stores the new dates of a quote or a delivery; answers the history's note of what moved. */
async function storeNewDates(trx: DB, shipment: Shipment, body: unknown): Promise<string> {
  if (quoteTypes.includes(shipment.service_type)) {
    const parsed = rescheduleQuoteRequest.safeParse(body);
    if (!parsed.success) throw invalidFrom(parsed.error);
    const { date_of_inspection = null, moving_date = null } = parsed.data;
    await trx.updateTable('quotes').set({ date_of_inspection, moving_date }).where('shipment_id', '=', shipment.id).execute();
    return `Inspection ${dateOrNone(date_of_inspection)}, moving ${dateOrNone(moving_date)}.`;
  }
  if (shipment.service_type === 'instant_delivery') throw conflict('An instant delivery is picked up at once: it has no dates to change.');
  const parsed = rescheduleDeliveryRequest.safeParse(body);
  if (!parsed.success) throw invalidFrom(parsed.error);
  const { pickup_date, delivery_date } = parsed.data;
  await trx.updateTable('deliveries').set({ pickup_date }).where('shipment_id', '=', shipment.id).execute();
  await trx.updateTable('delivery_receivers').set({ delivery_date }).where('shipment_id', '=', shipment.id).execute();
  return `Pickup ${pickup_date}, delivery ${delivery_date}.`;
}

export async function orderRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, photoLinks, config } = services;

  async function ownOrder(request: OrderRequest): Promise<{ shipment: Shipment; customer: User }> {
    const customer = currentUser(request);
    const shipment = await findShipment(db, request.params.id);
    if (!shipment || shipment.user_id !== customer.id) throw notFound(UNKNOWN_REFERENCE);
    return { shipment, customer };
  }

  const answer = async (message: string, shipment: Shipment) => ({ message, data: await ownerView(db, shipment, photoLinks) });
  /** Queues the staff's mail in the transaction that records what the customer did. */
  const tellStaff = (trx: DB, shipment: Shipment, customer: User, action: string, said: { reason?: string; detail?: string }) =>
    enqueueMail(trx, customerActionMail(config.staffEmail, shipment.reference, customer, action, said));

  contractRoute(app, services, 'order', async (request) => answer(calls.order.success, (await ownOrder(request)).shipment));

  /** Accepts or declines the order's open offer, if it is still open and valid today. */
  async function decide(request: OrderRequest, decision: 'accepted' | 'declined', reason: string | null) {
    const { shipment, customer } = await ownOrder(request);
    if (isFinalStatus(shipment.status)) throw conflict(`This order is ${statusLabels[shipment.status]}: its offer can no longer be answered.`);
    const today = todayInLagos();
    const offer = await db
      .selectFrom('offers')
      .selectAll()
      .where('shipment_id', '=', shipment.id)
      .where('state', '!=', 'replaced')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!offer) throw conflict('There is no price offer on this order yet.');
    const state = offerStateOf(offer, today);
    if (state === 'expired') throw conflict(offerConflicts.expired(offer.valid_until));
    if (state === 'accepted' || state === 'declined') throw conflict(offerConflicts[state]);
    const amount = formatNaira(Number(offer.amount_kobo));
    const decided = await mailer.transaction(async (trx) => {
      const decided = await trx
        .updateTable('offers')
        .set({ state: decision, decided_at: new Date(), decline_reason: reason })
        .where('id', '=', offer.id)
        .where('state', '=', 'open')
        .where('valid_until', '>=', today)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('shipments').select('id').where('id', '=', shipment.id).where('status', 'in', openStatuses)),
      )
        .returning('id')
        .executeTakeFirst();
      if (decided) await tellStaff(trx, shipment, customer, `${decision} the price of ${amount}`, reason ? { reason } : { detail: 'The price is now final.' });
      return decided;
    });
    if (!decided) throw conflict(MOVED_MEANWHILE);
    return answer(decision === 'accepted' ? calls.acceptOffer.success : calls.declineOffer.success, shipment);
  }

  contractRoute(app, services, 'acceptOffer', async (request) => decide(request, 'accepted', null));
  contractRoute(app, services, 'declineOffer', async (request) => decide(request, 'declined', request.body.reason));

  contractRoute(app, services, 'cancelOrder', async (request) => {
    const { shipment, customer } = await ownOrder(request);
    onlyWhileToInspect(shipment, 'cancelled');
    const { reason } = request.body;
    const moved = await mailer.transaction(async (trx) => {
      const moved = await moveShipment(trx, shipment, 'Cancelled', { actor: 'customer', actor_user_id: customer.id, note: reason });
      if (moved) await tellStaff(trx, moved, customer, 'cancelled the order', { reason });
      return moved;
    });
    if (!moved) throw conflict(MOVED_MEANWHILE);
    services.tracking.forget(moved.reference);
    return answer(calls.cancelOrder.success, moved);
  });

  // The status is read again under a row lock, so a move by staff meanwhile is not overwritten.
  contractRoute(app, services, 'rescheduleOrder', async (request) => {
    const { shipment, customer } = await ownOrder(request);
    onlyWhileToInspect(shipment, 'moved to other dates');
    await mailer.transaction(async (trx) => {
      const locked = await trx.selectFrom('shipments').selectAll().where('id', '=', shipment.id).forUpdate().executeTakeFirstOrThrow();
      onlyWhileToInspect(locked, 'moved to other dates');
      const moved = await storeNewDates(trx, locked, request.body);
      await trx.insertInto('order_reschedules').values({ shipment_id: shipment.id, note: moved }).execute();
      await tellStaff(trx, shipment, customer, 'changed the dates', { detail: moved });
    });
    return answer(calls.rescheduleOrder.success, shipment);
  });
}
