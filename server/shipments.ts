/**
 * Shipments: what quotes and deliveries share. Each gets a reference (RL- and 10 characters
 * from an alphabet without 0/O/1/I, about 2^50 possibilities: unguessable and easy to type) and
 * a status history, one row per status reached (kept by a trigger, migration 002), which the
 * tracking timeline shows.
 */
import crypto from 'node:crypto';
import type { ExpressionBuilder, QueryCreator } from 'kysely';
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

/** A query whose `new_shipment` table is the shipment being inserted in the same statement. */
export type WithNewShipment = QueryCreator<Database & { new_shipment: { id: number } }>;

/** The new shipment's id, for the detail rows inserted beside it. */
export const newShipmentId = (eb: ExpressionBuilder<Database & { new_shipment: { id: number } }, keyof Database>) =>
  eb.selectFrom('new_shipment').select('new_shipment.id');

/** Starts the one statement that inserts a shipment and, through what the caller adds, its details. */
export function insertShipment(db: DB, userId: number, serviceType: ServiceType, reference: string): WithNewShipment {
  return db.with('new_shipment', (query) =>
    query.insertInto('shipments').values({ reference, user_id: userId, service_type: serviceType }).returning('id'),
  );
}

export function findShipment(db: DB, typedReference: string) {
  return db.selectFrom('shipments').selectAll().where('reference', '=', normaliseReference(typedReference)).executeTakeFirst();
}

/** The public view of a shipment, in one query: nothing personal, only where it stands and since when. */
export async function findTracking(db: DB, typedReference: string): Promise<TrackingResult | null> {
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('shipment_status_changes as change', 'change.shipment_id', 'shipments.id')
    .select([
      'shipments.reference',
      'shipments.service_type',
      'shipments.status',
      'shipments.created_at',
      'shipments.updated_at',
      'change.status as reached',
      'change.changed_at',
    ])
    .where('shipments.reference', '=', normaliseReference(typedReference))
    .orderBy('change.id')
    .execute();
  const [first] = rows;
  if (!first) return null;
  return {
    reference_number: first.reference,
    service_type: first.service_type,
    status: first.status,
    ProgressBar: progressOf[first.status],
    'date created': first.created_at.toISOString(),
    'date updated': first.updated_at.toISOString(),
    history: rows.map((row) => ({ status: row.reached, date: row.changed_at.toISOString() })),
  };
}

/** Moves a shipment to `status` (the trigger records when); answers it as it now is. */
export async function moveShipment(db: DB, shipment: Shipment, status: ShipmentStatus): Promise<Shipment> {
  if (shipment.status === status) return shipment;
  return db
    .updateTable('shipments')
    .set({ status, updated_at: new Date() })
    .where('id', '=', shipment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
