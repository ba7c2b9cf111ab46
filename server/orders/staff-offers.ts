/**
 * Staff pricing an order: a new offer replaces an open one; an accepted one is final. Runs in the
 * caller's transaction, with the mail and the text that tell the customer.
 */
import { isFinalStatus, statusLabels } from '../../src/api/contract';
import type { Transaction } from 'kysely';
import type { Actor, Database, DB, Shipment } from '../db/database';
import { conflict, invalid } from '../http/problems';
import { offerMail, priceCorrectionMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { textPriceToAnswer } from '../messages/notices';
import { isUniqueViolation } from '../accounts/users';
import { MOVED_MEANWHILE } from './orders';
import { refuseOwnOrder } from './self-dealing';
import { lockShipment } from './shipments';
import type { ActingAs, UseCaseContext } from './use-case';

export const PRICE_FINAL_MESSAGE =
  'The customer accepted a price for this order: it is final, no new offer can be sent.';

export const customerEmailOf = async (executor: DB, shipment: Shipment) =>
  (
    await executor
      .selectFrom('users')
      .select('email')
      .where('id', '=', shipment.user_id)
      .executeTakeFirstOrThrow()
  ).email;

interface NewOffer {
  amount_kobo: number;
  note: string | null;
  valid_until: string;
}

export const NOTHING_TO_CORRECT =
  'The customer has not accepted a price for this order: send an offer, not a correction.';
export const SAME_PRICE = 'This is the price the customer accepted already.';

/**
 * Two offers sent at once: the unique index on open offers (migration 014) refuses the second.
 * With `correction` (staff's reason), the offer corrects the price the customer accepted: it
 * waits for their answer beside it, and the history says who corrected it and why.
 */
export async function replaceOffer(
  trx: Transaction<Database>,
  shipment: Shipment,
  offer: NewOffer,
  by: { actor: Actor; actor_user_id: number | null },
  correction: string | null = null,
): Promise<void> {
  // Read under a row lock, so a cancel or a delivery meanwhile is seen.
  const { status } = await lockShipment(trx, shipment.id);
  if (isFinalStatus(status))
    throw conflict(`This order is ${statusLabels[status]}: no offer can be sent.`);
  const accepted = await trx
    .selectFrom('offers')
    .select(['id', 'amount_kobo'])
    .where('shipment_id', '=', shipment.id)
    .where('state', '=', 'accepted')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (accepted && correction === null) throw conflict(PRICE_FINAL_MESSAGE);
  if (!accepted && correction !== null) throw conflict(NOTHING_TO_CORRECT);
  if (accepted && Number(accepted.amount_kobo) === offer.amount_kobo)
    throw invalid({ amount_kobo: [SAME_PRICE] });
  await trx
    .updateTable('offers')
    .set({ state: 'replaced' })
    .where('shipment_id', '=', shipment.id)
    .where('state', '=', 'open')
    .execute();
  const { id: offerId } = await trx
    .insertInto('offers')
    .values({
      shipment_id: shipment.id,
      ...offer,
      ...by,
      ...(accepted ? { corrects_offer_id: accepted.id, correction_reason: correction } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = await customerEmailOf(trx, shipment);
  await enqueueMail(
    trx,
    accepted
      ? priceCorrectionMail(email, shipment.reference, offer, {
          accepted_kobo: Number(accepted.amount_kobo),
          reason: correction ?? '',
        })
      : offerMail(email, shipment.reference, offer),
  );
  await textPriceToAnswer(trx, shipment, offerId, offer);
}

/**
 * Staff (not on an order they booked themselves) send a price or a correction of the accepted
 * one; answers whether it was a correction.
 */
export async function sendOffer(
  { mailer }: Pick<UseCaseContext, 'mailer'>,
  {
    actor,
    shipment,
    offer,
    correction,
  }: { actor: ActingAs; shipment: Shipment; offer: NewOffer; correction: string | null },
): Promise<boolean> {
  refuseOwnOrder(actor.actor_user_id, shipment);
  await mailer
    .transaction((trx) => replaceOffer(trx, shipment, offer, actor, correction))
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(MOVED_MEANWHILE) : error;
    });
  return correction !== null;
}
