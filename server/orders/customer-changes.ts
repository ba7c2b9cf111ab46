/**
 * What the customer's own actions write (server/routes/orders.ts decides whether they may): the
 * answer to a price, and new dates of a quote or a delivery with the history line saying so.
 * Each runs inside the caller's transaction, under the order's row lock.
 */
import type { Transaction } from 'kysely';
import {
  rescheduleDeliveryRequest,
  rescheduleQuoteRequest,
  type ServiceType,
} from '../../src/api/contract';
import type { Database, Shipment } from '../db/database';
import { conflict, invalidFrom } from '../http/problems';

type DB = Transaction<Database>;

export async function recordDecision(
  trx: DB,
  offerId: number,
  decision: 'accepted' | 'declined',
  reason: string | null,
): Promise<void> {
  await trx
    .updateTable('offers')
    .set({ state: decision, decided_at: new Date(), decline_reason: reason })
    .where('id', '=', offerId)
    .execute();
}

const quoteTypes: readonly ServiceType[] = ['state_service', 'local_service', 'office_service'];

const dateOrNone = (date: string | null | undefined) => date ?? 'none';

/** Stores the new dates of a quote or a delivery; answers the history's note of what moved. */
async function storeNewDates(trx: DB, shipment: Shipment, body: unknown): Promise<string> {
  if (quoteTypes.includes(shipment.service_type)) {
    const parsed = rescheduleQuoteRequest.safeParse(body);
    if (!parsed.success) throw invalidFrom(parsed.error);
    const { date_of_inspection = null, moving_date = null } = parsed.data;
    await trx
      .updateTable('quotes')
      .set({ date_of_inspection, moving_date })
      .where('shipment_id', '=', shipment.id)
      .execute();
    return `Inspection ${dateOrNone(date_of_inspection)}, moving ${dateOrNone(moving_date)}.`;
  }
  if (shipment.service_type === 'instant_delivery')
    throw conflict('An instant delivery is picked up at once: it has no dates to change.');
  const parsed = rescheduleDeliveryRequest.safeParse(body);
  if (!parsed.success) throw invalidFrom(parsed.error);
  const { pickup_date, delivery_date } = parsed.data;
  await trx
    .updateTable('deliveries')
    .set({ pickup_date })
    .where('shipment_id', '=', shipment.id)
    .execute();
  await trx
    .updateTable('delivery_receivers')
    .set({ delivery_date })
    .where('shipment_id', '=', shipment.id)
    .execute();
  return `Pickup ${pickup_date}, delivery ${delivery_date}.`;
}

/** Moves the order's dates as `body` asks (checked with the schema of its kind) and records the change; answers its note. */
export async function moveDates(trx: DB, shipment: Shipment, body: unknown): Promise<string> {
  const moved = await storeNewDates(trx, shipment, body);
  await trx
    .insertInto('order_reschedules')
    .values({ shipment_id: shipment.id, note: moved })
    .execute();
  return moved;
}
