/**
 * What the customer's own actions write: the answer to a price (offer-answer.ts decides whether
 * they may), and new dates of a quote or a delivery with the history line saying so (the
 * reschedule use case below). Each runs under the order's row lock.
 */
import type { Transaction } from 'kysely';
import {
  rescheduleDeliveryRequest,
  rescheduleQuoteRequest,
  type ServiceType,
} from '../../src/api/contract';
import type { Database, Shipment } from '../db/database';
import { conflict, invalid, invalidFrom } from '../http/problems';
import { keepFeeWindow } from '../money/refunds';
import { onlyWhileToInspect } from './cancel';
import { lockShipment } from './shipments';
import { tellStaff, type Customer, type UseCaseContext } from './use-case';

type DB = Transaction<Database>;

const INSPECTION_AFTER_MOVING = 'The inspection must be on or before the moving date.';

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

/**
 * Stores the new dates of a quote or a delivery; answers the history's note of what moved. A
 * quote's date not sent stays as stored: a reschedule never clears a date it was not given.
 */
async function storeNewDates(trx: DB, shipment: Shipment, body: unknown): Promise<string> {
  if (quoteTypes.includes(shipment.service_type)) {
    const parsed = rescheduleQuoteRequest.safeParse(body);
    if (!parsed.success) throw invalidFrom(parsed.error);
    const stored = await trx
      .selectFrom('quotes')
      .select(['date_of_inspection', 'moving_date'])
      .where('shipment_id', '=', shipment.id)
      .executeTakeFirstOrThrow();
    const dates = {
      date_of_inspection: parsed.data.date_of_inspection ?? stored.date_of_inspection,
      moving_date: parsed.data.moving_date ?? stored.moving_date,
    };
    // The pair as it will be stored must still hold; the error goes under the date that was sent.
    if (
      dates.date_of_inspection &&
      dates.moving_date &&
      dates.date_of_inspection > dates.moving_date
    )
      throw invalid({
        [parsed.data.moving_date ? 'moving_date' : 'date_of_inspection']: [INSPECTION_AFTER_MOVING],
      });
    await trx.updateTable('quotes').set(dates).where('shipment_id', '=', shipment.id).execute();
    return `Inspection ${dateOrNone(dates.date_of_inspection)}, moving ${dateOrNone(dates.moving_date)}.`;
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

/**
 * The customer moves the dates of their order while it is To Inspect; decided on the row as
 * locked, so a move by staff meanwhile is not overwritten. Once a price is accepted, new dates
 * asked inside the fee window keep it (money/refunds.ts keepFeeWindow). Staff are mailed.
 */
export async function rescheduleOrder(
  { mailer, config }: UseCaseContext,
  { customer, shipment, dates }: { customer: Customer; shipment: Shipment; dates: unknown },
): Promise<void> {
  onlyWhileToInspect(shipment, 'moved to other dates');
  await mailer.transaction(async (trx) => {
    const locked = await lockShipment(trx, shipment.id);
    onlyWhileToInspect(locked, 'moved to other dates');
    await keepFeeWindow(trx, locked);
    const moved = await moveDates(trx, locked, dates);
    await tellStaff(trx, config.staffEmail, shipment, customer, 'changed the dates', {
      detail: moved,
    });
  });
}
