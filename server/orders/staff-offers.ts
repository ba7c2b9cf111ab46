/**
 * Staff pricing an order: a new offer replaces an open one; an accepted one is final. Runs in the
 * caller's transaction, with the mail that tells the customer.
 */
import { isFinalStatus, statusLabels } from '../../src/api/contract';
import type { Transaction } from 'kysely';
import type { Actor, Database, DB, Shipment } from '../db/database';
import { conflict } from '../http/problems';
import { offerMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { lockShipment } from './shipments';

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

/** Two offers sent at once: the unique index on live offers (migration 006) refuses the second. */
export async function replaceOffer(
  trx: Transaction<Database>,
  shipment: Shipment,
  offer: NewOffer,
  by: { actor: Actor; actor_user_id: number | null },
): Promise<void> {
  // Read under a row lock, so a cancel or a delivery meanwhile is seen.
  const { status } = await lockShipment(trx, shipment.id);
  if (isFinalStatus(status))
    throw conflict(`This order is ${statusLabels[status]}: no offer can be sent.`);
  const accepted = await trx
    .selectFrom('offers')
    .select('id')
    .where('shipment_id', '=', shipment.id)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  if (accepted) throw conflict(PRICE_FINAL_MESSAGE);
  await trx
    .updateTable('offers')
    .set({ state: 'replaced' })
    .where('shipment_id', '=', shipment.id)
    .where('state', '=', 'open')
    .execute();
  await trx
    .insertInto('offers')
    .values({ shipment_id: shipment.id, ...offer, ...by })
    .execute();
  await enqueueMail(
    trx,
    offerMail(await customerEmailOf(trx, shipment), shipment.reference, offer),
  );
}
