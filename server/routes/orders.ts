/**
 * The customer's own order: its page (details, history, open offer), the answer to a price
 * offer, cancelling it and moving its dates while it is To Inspect. Staff are mailed of each
 * answer and change (STAFF_EMAIL). Another customer's reference answers 404, as an unknown one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import {
  calls,
  formatNaira,
  isFinalStatus,
  statusLabels,
  todayInLagos,
} from '../../src/api/contract';
import { currentUser } from '../accounts/auth';
import type { DB, OffersTable, Shipment, User } from '../db/database';
import { customerActionMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { currentOfferRow, MOVED_MEANWHILE, offerStateOf, ownerView } from '../orders/orders';
import { moveDates, recordDecision } from '../orders/customer-changes';
import { cancellationOf, oweCancellationRefunds } from '../money/refunds';
import { conflict, conflictWith, notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import { findShipment, lockShipment, moveShipment } from '../orders/shipments';
import { contractRoute } from './contract-route';
import { UNKNOWN_REFERENCE } from './tracking';

/** Any call on `users/orders/{reference}…`. */
type OrderRequest = FastifyRequest<{ Params: { id: string } }>;

const offerConflicts = {
  expired: (validUntil: string) =>
    `This offer was valid through ${validUntil} and has expired: ask us for a new price.`,
  accepted: 'You already accepted this price.',
  declined: 'You already declined this price: we will send you a new one.',
};

/** Why the customer cannot answer offer `offerId` of `order` now (its current offer is `offer`), or null when they can. */
function refusalOf(
  order: Shipment,
  offer: Selectable<OffersTable> | undefined,
  offerId: number,
  today: string,
): string | null {
  if (isFinalStatus(order.status))
    return `This order is ${statusLabels[order.status]}: its offer can no longer be answered.`;
  if (!offer) return 'There is no price offer on this order yet.';
  const state = offerStateOf(offer, today);
  if (offer.id !== offerId) {
    return state === 'open'
      ? `The price has changed to ${formatNaira(Number(offer.amount_kobo))}. Check it before you accept.`
      : 'This price is no longer on offer: your order shows where it stands now.';
  }
  if (state === 'expired') return offerConflicts.expired(offer.valid_until);
  if (state === 'accepted' || state === 'declined') return offerConflicts[state];
  return null;
}

const onlyWhileToInspect = (shipment: Shipment, action: string) => {
  if (shipment.status !== 'ToInspect') {
    throw conflict(
      `This order is ${statusLabels[shipment.status]}: it can no longer be ${action}. Call us if something must change.`,
    );
  }
};

export async function orderRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, config } = services;
  const viewSettings = {
    photoLinks: services.photoLinks,
    cancellationFeePercent: config.cancellationFeePercent,
  };

  async function ownOrder(request: OrderRequest): Promise<{ shipment: Shipment; customer: User }> {
    const customer = currentUser(request);
    const shipment = await findShipment(db, request.params.id);
    if (!shipment || shipment.user_id !== customer.id) throw notFound(UNKNOWN_REFERENCE);
    return { shipment, customer };
  }

  const answer = async (message: string, shipment: Shipment) => ({
    message,
    data: await ownerView(db, shipment, viewSettings),
  });
  /** Queues the staff's mail in the transaction that records what the customer did. */
  const tellStaff = (
    trx: DB,
    shipment: Shipment,
    customer: User,
    action: string,
    said: { reason?: string; detail?: string },
  ) =>
    enqueueMail(
      trx,
      customerActionMail(config.staffEmail, shipment.reference, customer, action, said),
    );

  contractRoute(app, services, 'order', async (request) =>
    answer(calls.order.success, (await ownOrder(request)).shipment),
  );

  /**
   * Accepts or declines the offer the customer saw (`offer_id`), if it is still the order's open
   * offer and valid today; decided under the order's row lock (see lockShipment), so a cancel, a
   * status move or a new price at the same moment comes wholly before or after. A refusal answers
   * 409 with the order as it is now, so the page can show the new price at once.
   */
  async function decide(
    request: OrderRequest,
    offerId: number,
    decision: 'accepted' | 'declined',
    reason: string | null,
  ) {
    const { shipment, customer } = await ownOrder(request);
    const today = todayInLagos();
    const { order, refusal } = await mailer.transaction(async (trx) => {
      const order = await lockShipment(trx, shipment.id);
      const offer = await currentOfferRow(trx, shipment.id);
      const refusal = refusalOf(order, offer, offerId, today);
      if (refusal || !offer) return { order, refusal };
      await recordDecision(trx, offer.id, decision, reason);
      const amount = formatNaira(Number(offer.amount_kobo));
      await tellStaff(
        trx,
        order,
        customer,
        `${decision} the price of ${amount}`,
        reason ? { reason } : { detail: 'The price is now final.' },
      );
      return { order, refusal: null };
    });
    if (refusal) throw conflictWith(refusal, { order: await ownerView(db, order, viewSettings) });
    return answer(
      decision === 'accepted' ? calls.acceptOffer.success : calls.declineOffer.success,
      order,
    );
  }

  contractRoute(app, services, 'acceptOffer', async (request) =>
    decide(request, request.body.offer_id, 'accepted', null),
  );
  contractRoute(app, services, 'declineOffer', async (request) =>
    decide(request, request.body.offer_id, 'declined', request.body.reason),
  );

  contractRoute(app, services, 'cancelOrder', async (request) => {
    const { shipment, customer } = await ownOrder(request);
    onlyWhileToInspect(shipment, 'cancelled');
    const { reason } = request.body;
    const moved = await mailer.transaction(async (trx) => {
      const locked = await lockShipment(trx, shipment.id);
      onlyWhileToInspect(locked, 'cancelled');
      // What was paid goes back less the fee, worked out on the row as locked (README, "Payments").
      const refund = await cancellationOf(trx, locked, config.cancellationFeePercent);
      const by = { actor: 'customer' as const, actor_user_id: customer.id, note: reason };
      const moved = await moveShipment(trx, locked, 'Cancelled', by);
      if (!moved) return null;
      await oweCancellationRefunds(trx, moved, refund, by, customer.email);
      const money =
        refund.refund_kobo > 0
          ? `${formatNaira(refund.refund_kobo)} to refund${refund.fee_kobo ? `, ${formatNaira(refund.fee_kobo)} kept as the fee` : ''}.`
          : undefined;
      await tellStaff(trx, moved, customer, 'cancelled the order', {
        reason,
        ...(money ? { detail: money } : {}),
      });
      return moved;
    });
    if (!moved) throw conflict(MOVED_MEANWHILE);
    services.tracking.forget(moved.reference);
    void services.refunds?.now();
    return answer(calls.cancelOrder.success, moved);
  });

  // The status is read again under a row lock, so a move by staff meanwhile is not overwritten.
  contractRoute(app, services, 'rescheduleOrder', async (request) => {
    const { shipment, customer } = await ownOrder(request);
    onlyWhileToInspect(shipment, 'moved to other dates');
    await mailer.transaction(async (trx) => {
      const locked = await lockShipment(trx, shipment.id);
      onlyWhileToInspect(locked, 'moved to other dates');
      const moved = await moveDates(trx, locked, request.body);
      await tellStaff(trx, shipment, customer, 'changed the dates', { detail: moved });
    });
    return answer(calls.rescheduleOrder.success, shipment);
  });
}
