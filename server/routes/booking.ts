/**
 * What every quote and delivery does: store the shipment, its details and the mail with its
 * reference, in one statement (see `insertShipment`). With an Idempotency-Key the key goes into the shipment's row;
 * when the account already booked with it, the first booking's reference is answered and nothing
 * is stored or mailed (`replayed`).
 */
import type { ServiceType } from '../../src/api/contract';
import type { DB, User } from '../db/database';
import { checkReplay, isDuplicate, type IdempotencyKey } from '../idempotency';
import { bookingMail } from '../mail/messages';
import type { Services } from '../services';
import { insertShipment, newReference, type WithNewShipment } from '../shipments';

export interface Booked {
  data: { reference_number: string };
  replayed: boolean;
}

const bookedWith = (db: DB, customer: User, idempotency: IdempotencyKey) =>
  db
    .selectFrom('shipments')
    .select(['reference', 'request_hash', 'created_at'])
    .where('user_id', '=', customer.id)
    .where('idempotency_key', '=', idempotency.key)
    .executeTakeFirst();

export async function book(
  services: Services,
  customer: User,
  idempotency: IdempotencyKey | null,
  serviceType: ServiceType,
  storeDetails: (withShipment: WithNewShipment) => Promise<unknown>,
): Promise<Booked> {
  const { db, mailer } = services;
  const reference = newReference();
  try {
    const shipment = { reference, user_id: customer.id, service_type: serviceType, idempotency_key: idempotency?.key, request_hash: idempotency?.hash };
    await storeDetails(insertShipment(db, shipment, bookingMail(customer.email, reference, serviceType)));
  } catch (error) {
    if (!idempotency || !isDuplicate(error, 'shipments_idempotency')) throw error;
    const first = await bookedWith(db, customer, idempotency);
    if (first && checkReplay(first, idempotency) === 'replay') return { data: { reference_number: first.reference }, replayed: true };
    // The key's first use is over 24 hours old and not yet cleared: it starts afresh.
    await db.updateTable('shipments').set({ idempotency_key: null }).where('user_id', '=', customer.id).where('idempotency_key', '=', idempotency.key).execute();
    return book(services, customer, idempotency, serviceType, storeDetails);
  }
  mailer.wake();
  return { data: { reference_number: reference }, replayed: false };
}

/** Whether the account already booked with this key (a retry the hourly limit must let through). */
export const isRetry = async (db: DB, customer: User, idempotency: IdempotencyKey | null) =>
  idempotency !== null && (await bookedWith(db, customer, idempotency)) !== undefined;
