/**
 * Shipments: what quotes and deliveries share. Each gets a reference (RL- and 10 characters
 * from an alphabet without 0/O/1/I, about 2^50 possibilities: unguessable and easy to type) and
 * a status history, one row per status reached (kept by a trigger, migration 002), which the
 * tracking timeline shows.
 */
import crypto from 'node:crypto';
import type { ExpressionBuilder, Insertable, InsertResult, QueryCreator, Transaction, ValueExpression } from 'kysely';
import type { ShipmentStatus, TrackingResult } from '../src/api/contract';
import type { Actor, Database, DB, Shipment, ShipmentsTable } from './db/database';
import type { MailContent } from './mail/mailer';

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

/** A cancelled order has reached its end too: its bar is full, and its status says how it ended. */
export const progressOf: Record<ShipmentStatus, number> = { ToInspect: 33, Shipped: 66, Delivered: 100, Cancelled: 100 };

/** The tables of a statement that inserts shipments: `new_shipment` holds the shipments being inserted. */
type WithNewShipmentsTables = Database & { new_shipment: { id: number; reference: string; user_id: number } } & { new_mail: InsertResult };

/** A query whose `new_shipment` table holds the shipments being inserted in the same statement. */
export type WithNewShipments = QueryCreator<WithNewShipmentsTables>;

/** The id of the shipment `reference` inserted in this statement, for its detail rows. */
export const newShipmentId = (reference: string) => (eb: ExpressionBuilder<WithNewShipmentsTables, keyof Database>) =>
  eb.selectFrom('new_shipment').select('new_shipment.id').where('new_shipment.reference', '=', reference);

export type NewShipment = Omit<Insertable<ShipmentsTable>, 'user_id'>;

export interface NewBooking {
  /** The id of who books, or none when the booking may not go ahead (an ended session, the hourly limit). */
  customerId: ValueExpression<Database, 'shipments', number>;
  shipment: NewShipment;
  mail: MailContent;
}

/**
 * Starts the one statement that inserts `bookings`' shipments, queues the mail about each to its
 * customer's address and, through what the caller adds, inserts their details. One statement is
 * atomic on its own: the shipments, their details and their mail are all stored or none, without
 * a transaction's extra round trips. Without a customer a shipment's `user_id` is NULL, which the
 * column refuses (`isWithoutCustomer`), so nothing at all is stored.
 */
export function insertShipments(db: DB, bookings: NewBooking[]): WithNewShipments {
  return db
    .with('new_shipment', (query) =>
      query
        .insertInto('shipments')
        .values(bookings.map(({ customerId, shipment }) => ({ ...shipment, user_id: customerId })))
        .returning(['id', 'reference', 'user_id']),
    )
    .with('new_mail', (query) =>
      query.insertInto('mail_outbox').values(
        bookings.map(({ shipment, mail }) => ({
          recipient: (eb) =>
            eb
              .selectFrom('new_shipment')
              .innerJoin('users', 'users.id', 'new_shipment.user_id')
              .select('users.email')
              .where('new_shipment.reference', '=', shipment.reference),
          subject: mail.subject,
          body: mail.text,
        })),
      ),
    );
}

/** Whether a shipment statement failed for want of a customer row (see `insertShipments`). */
export const isWithoutCustomer = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23502' && 'column' in error && (error.column === 'user_id' || error.column === 'recipient');

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

/**
 * The shipment's row, locked until the transaction ends. Every change to an order (a status move,
 * a price, the customer's answer, cancel or new dates) takes this lock first and decides on the
 * row it returns, so two changes at once happen one after the other and the second sees the first.
 */
export function lockShipment(trx: Transaction<Database>, id: number): Promise<Shipment> {
  return trx.selectFrom('shipments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** Who moves a shipment, and why (a staff note, the customer's reason). */
export interface StatusChange {
  actor: Actor;
  actor_user_id: number | null;
  note?: string | null;
}

/**
 * Moves a shipment from the status it was read with to `status`: the trigger records when, this
 * transaction (the caller's, which also queues the mail about it) adds who and why to that row.
 * Null when someone else moved it first.
 */
export async function moveShipment(trx: Transaction<Database>, shipment: Shipment, status: ShipmentStatus, change: StatusChange): Promise<Shipment | null> {
  const moved = await trx
    .updateTable('shipments')
    .set({ status, updated_at: new Date() })
    .where('id', '=', shipment.id)
    .where('status', '=', shipment.status)
    .returningAll()
    .executeTakeFirst();
  if (!moved) return null;
  await trx
    .updateTable('shipment_status_changes')
    .set({ actor: change.actor, actor_user_id: change.actor_user_id, note: change.note ?? null })
    .where('id', '=', (eb) =>
      eb.selectFrom('shipment_status_changes').select((max) => max.fn.max('id').as('id')).where('shipment_id', '=', moved.id),
    )
    .execute();
  return moved;
}
