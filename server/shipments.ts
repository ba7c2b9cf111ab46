/**
 * Shipments: what quotes and deliveries share. Each gets a reference (RL- and 10 characters
 * from an alphabet without 0/O/1/I, about 2^50 possibilities: unguessable and easy to type) and
 * a status history, one row per status reached, which the tracking timeline shows.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ServiceType, ShipmentStatus, TrackingResult } from '../src/api/contract';
import type { Database, DB, Shipment } from './db/database';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 32 letters: each random byte modulo 32 is uniform. */
export function newReference(): string {
  return `RL-${Array.from(crypto.randomBytes(10), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** What people type: any case, stray spaces, with or without the dash. */
export function normaliseReference(typed: string): string {
  const compact = typed.trim().toUpperCase().replace(/\s+/g, '');
  return compact.startsWith('RL') && !compact.startsWith('RL-') ? `RL-${compact.slice(2)}` : compact;
}

export const progressOf: Record<ShipmentStatus, number> = { ToInspect: 33, Shipped: 66, Delivered: 100 };

export async function createShipment(
  trx: Transaction<Database>,
  userId: number,
  serviceType: ServiceType,
): Promise<Pick<Shipment, 'id' | 'reference'>> {
  const shipment = await trx
    .insertInto('shipments')
    .values({ reference: newReference(), user_id: userId, service_type: serviceType })
    .returning(['id', 'reference', 'status'])
    .executeTakeFirstOrThrow();
  await trx.insertInto('shipment_status_changes').values({ shipment_id: shipment.id, status: shipment.status }).execute();
  return shipment;
}

export function findShipment(db: DB, typedReference: string) {
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('reference', '=', normaliseReference(typedReference))
    .executeTakeFirst();
}

/** The public view of a shipment: nothing personal, only where it stands and since when. */
export async function trackingOf(db: DB, shipment: Shipment): Promise<TrackingResult> {
  const history = await db
    .selectFrom('shipment_status_changes')
    .select(['status', 'changed_at'])
    .where('shipment_id', '=', shipment.id)
    .orderBy('id')
    .execute();
  return {
    reference_number: shipment.reference,
    service_type: shipment.service_type,
    status: shipment.status,
    ProgressBar: progressOf[shipment.status],
    'date created': shipment.created_at.toISOString(),
    'date updated': shipment.updated_at.toISOString(),
    history: history.map((change) => ({ status: change.status, date: change.changed_at.toISOString() })),
  };
}

/** Moves a shipment to `status` and records when; answers the shipment as it now is. */
export async function moveShipment(db: DB, shipment: Shipment, status: ShipmentStatus): Promise<Shipment> {
  if (shipment.status === status) return shipment;
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('shipments')
      .set({ status, updated_at: new Date() })
      .where('id', '=', shipment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('shipment_status_changes')
      .values({ shipment_id: shipment.id, status, changed_at: moved.updated_at })
      .execute();
    return moved;
  });
}
