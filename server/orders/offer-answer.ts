/**
 * The customer answers the offer their page showed (`offerId`): accepted or declined if it is
 * still the order's current offer and valid today, decided under the order's row lock (see
 * lockShipment), so a cancel, a status move or a new price at the same moment comes wholly
 * before or after. Staff are mailed of the answer. A correction of an accepted price, once
 * accepted, is the order's price: what was paid beyond it is owed back (money/refunds.ts); once
 * declined, the price accepted before stands.
 */
import type { Selectable } from 'kysely';
import { formatNaira, isFinalStatus, statusLabels, todayInLagos } from '../../src/api/contract';
import type { OffersTable, Shipment } from '../db/database';
import { owePriceDrop } from '../money/refunds';
import { recordDecision } from './customer-changes';
import { currentOfferRow, offerStateOf } from './orders';
import { lockShipment } from './shipments';
import { customerActor, tellStaff, type Customer, type UseCaseContext } from './use-case';

const offerConflicts = {
  expired: (validUntil: string) =>
    `This offer was valid through ${validUntil} and has expired: ask us for a new price.`,
  accepted: 'You already accepted this price.',
  declined: 'You already declined this price: we will send you a new one.',
};

/** Why the customer cannot answer offer `offerId` of `order` now (its current offer is `offer`), or null when they can. */
export function refusalOf(
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

export interface OfferAnswered {
  /** The order as locked (a refusal) or after the answer. */
  order: Shipment;
  /** Why nothing changed, in words; null when the answer was recorded. */
  refused: string | null;
  /** What a correction accepted made owed back (kobo). */
  refundOwed: number;
}

export async function answerOffer(
  { mailer, config }: UseCaseContext,
  {
    customer,
    shipment,
    offerId,
    decision,
    reason,
  }: {
    customer: Customer;
    shipment: Shipment;
    offerId: number;
    decision: 'accepted' | 'declined';
    reason: string | null;
  },
): Promise<OfferAnswered> {
  const today = todayInLagos();
  return mailer.transaction(async (trx) => {
    const order = await lockShipment(trx, shipment.id);
    const offer = await currentOfferRow(trx, shipment.id);
    const refused = refusalOf(order, offer, offerId, today);
    if (refused || !offer) return { order, refused, refundOwed: 0 };
    await recordDecision(trx, offer.id, decision, reason);
    const amount = formatNaira(Number(offer.amount_kobo));
    let refundOwed = 0;
    let detail = 'The price is now final.';
    if (offer.corrects_offer_id !== null) {
      const before = formatNaira(Number(order.price_kobo));
      if (decision === 'accepted') {
        // The database set the new price on the order (migration 010's trigger): read it again.
        const priced = await lockShipment(trx, shipment.id);
        refundOwed = await owePriceDrop(trx, priced, customerActor(customer), customer.email);
        detail = `The corrected price replaces ${before}${refundOwed > 0 ? `; ${formatNaira(refundOwed)} is owed back` : ''}.`;
      } else detail = `The price accepted before, ${before}, stands.`;
    }
    await tellStaff(
      trx,
      config.staffEmail,
      order,
      customer,
      `${decision} the ${offer.corrects_offer_id === null ? 'price' : 'corrected price'} of ${amount}`,
      reason ? { reason, ...(offer.corrects_offer_id === null ? {} : { detail }) } : { detail },
    );
    return { order, refused: null, refundOwed };
  });
}
