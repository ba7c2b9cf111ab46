/**
 * Shipments: what quotes and deliveries share. Each gets a reference (RL- and 10 characters
 * from an alphabet without 0/O/1/I, about 2^50 possibilities: unguessable and easy to type) and
 * a status history, one row per status reached (kept by a trigger, migration 002), which the
 * tracking timeline shows.
 */
import crypto from 'node:crypto';
import {
  sql,
  type Insertable,
  type InsertResult,
  type QueryCreator,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { ShipmentStatus, TrackingResult } from '../../src/api/contract';
import type { Actor, Database, DB, Shipment, ShipmentsTable } from '../db/database';
import { trackingWindowOf } from '../crews/visibility';
import type { MailContent } from '../mail/mailer';
import { withBookingTexts, type BookingTexts } from '../messages/booking-texts';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 32 letters: each random byte modulo 32 is uniform. */
export function newReference(): string {
  return `RL-${Array.from(crypto.randomBytes(10), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** What people type: any case, stray spaces, with or without the dash. */
export function normaliseReference(typed: string): string {
  const compact = typed.trim().toUpperCase().replace(/\s+/g, '');
  return compact.startsWith('RL') && !compact.startsWith('RL-')
    ? `RL-${compact.slice(2)}`
    : compact;
}

/** A cancelled order has reached its end too: its bar is full, and its status says how it ended. */
export const progressOf: Record<ShipmentStatus, number> = {
  ToInspect: 33,
  Shipped: 66,
  Delivered: 100,
  Cancelled: 100,
};

/** What a booking statement adds to the tables: its bookings' customers, admitted bookings and new rows. */
type WithNewShipmentsTables = Database & {
  /** One row per booking whose session is live: its position in the statement and its customer. */
  customer: { position: number; user_id: number; idempotency_key: string | null };
  /** The bookings that may be stored (all of `customer`, or those under the hourly limit). */
  admitted: { position: number; user_id: number };
  new_shipment: { id: number; reference: string; user_id: number };
  new_mail: InsertResult;
  new_text: InsertResult;
};

/** A query whose `new_shipment` table holds the shipments being inserted in the same statement. */
export type WithNewShipments = QueryCreator<WithNewShipmentsTables>;

export type NewShipment = Omit<Insertable<ShipmentsTable>, 'user_id'>;

export interface NewBooking {
  /** The SHA-256 of the booking's bearer token: its customer is that session's, when it is live. */
  tokenHash: string;
  shipment: NewShipment;
  mail: MailContent;
  /** Its texts to the customer's numbers, with their links' tokens (../messages/booking-texts.ts). */
  texts: BookingTexts;
}

/** The fields a row has: Kysely leaves undefined ones out of an insert, and so does this. */
const columnsOf = (row: object) => Object.entries(row).filter(([, value]) => value !== undefined);

/**
 * `INSERT INTO table SELECT …`: each row is its own SELECT from `source` (a table of the
 * statement, filtered to the row's own), so a row whose source row is missing (its booking is
 * not stored) is simply not inserted. `link` names the column taken from the source row (the
 * shipment's id, the customer's id). Each row's values are read into the table's own column
 * types, as `VALUES` does: the first SELECT of the UNION, of the table's columns and no row,
 * gives each column its type (a date, a number), and the values' parameters take it.
 */
function insertRows<Table extends keyof Database>(
  query: QueryCreator<any>,
  table: Table,
  link: { column: string; from: string },
  rows: Array<{
    values: object;
    source: (select: QueryCreator<any>) => SelectQueryBuilder<any, any, any>;
  }>,
) {
  const columns = [...columnsOf(rows[0]!.values).map(([column]) => column), link.column];
  const typed = (query.selectFrom(table) as SelectQueryBuilder<any, any, any>)
    .select(columns)
    .where(sql<boolean>`false`);
  const selects = rows.map(({ values, source }) =>
    source(query).select([
      ...columnsOf(values).map(([column, value]) => sql`${value}`.as(column)),
      sql.ref(link.from).as(link.column),
    ]),
  );
  return query
    .insertInto(table)
    .columns(columns as any)
    .expression(selects.reduce((union, select) => union.unionAll(select), typed));
}

/** The detail rows of the shipments being inserted (a delivery, its receivers, a quote), each with its shipment's id. */
export const insertDetails = <Table extends keyof Database>(
  query: QueryCreator<any>,
  table: Table,
  rows: Array<{ reference: string; values: object }>,
) =>
  insertRows(
    query,
    table,
    { column: 'shipment_id', from: 'new_shipment.id' },
    rows.map(({ reference, values }) => ({
      values,
      source: (select) =>
        select.selectFrom('new_shipment').where('new_shipment.reference', '=', reference),
    })),
  );

/**
 * Starts the one statement that stores `bookings`: it finds each booking's customer (`customer`,
 * from the session of its token), which of them may book (`admitted`, given by `admit`: the
 * hourly limit's part, server/orders/order-limit.ts), inserts their shipments, queues the mail about
 * each to its customer's address and the texts to their numbers (with each number's private
 * link), and, through what the caller adds, inserts their details. One
 * statement is atomic on its own: the shipments, their details, mail and texts are all stored or
 * none, without a transaction's extra round trips. A booking without a live session, refused by
 * the limit or repeating an Idempotency-Key its account already used is simply not stored, and
 * the others of the statement are; `bookingOutcomes` reads which were.
 */
export function insertShipments(
  db: DB,
  bookings: NewBooking[],
  admit: (query: WithNewShipments) => WithNewShipments,
): WithNewShipments {
  const keyed = bookings[0]!.shipment.idempotency_key !== undefined;
  const customers = bookings.map(({ tokenHash, shipment }, position) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        sql.lit(position).as('position'),
        'users.id as user_id',
        ...(keyed ? [sql<string>`${shipment.idempotency_key}`.as('idempotency_key')] : []),
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', sql<Date>`now()`),
  );
  const withCustomers = db.with(
    'customer',
    () => customers.reduce((union, select) => union.unionAll(select as any)) as any,
  ) as unknown as WithNewShipments;
  const withMail = admit(withCustomers)
    .with('new_shipment', (query) => {
      const insert = insertRows(
        query,
        'shipments',
        { column: 'user_id', from: 'admitted.user_id' },
        bookings.map(({ shipment }, position) => ({
          values: shipment,
          source: (select) =>
            select.selectFrom('admitted').where('admitted.position', '=', sql.lit(position)),
        })),
      );
      // A key the account already used: the first booking is answered (booking.ts).
      const once = keyed
        ? insert.onConflict((conflict) =>
            conflict
              .columns(['user_id', 'idempotency_key'] as any)
              .where('idempotency_key', 'is not', null)
              .doNothing(),
          )
        : insert;
      return once.returning(['id', 'reference', 'user_id']) as any;
    })
    .with('new_mail', (query) =>
      query
        .insertInto('mail_outbox')
        .columns(['recipient', 'subject', 'body'])
        .expression(
          bookings
            .map(({ shipment, mail }) =>
              query
                .selectFrom('new_shipment')
                .innerJoin('users', 'users.id', 'new_shipment.user_id')
                .select([
                  'users.email as recipient',
                  sql<string>`${mail.subject}`.as('subject'),
                  sql<string>`${mail.text}`.as('body'),
                ])
                .where('new_shipment.reference', '=', shipment.reference!),
            )
            .reduce((union, select) => union.unionAll(select)),
        ),
    );
  return withBookingTexts(
    withMail,
    bookings.map(({ shipment, texts }) => ({ reference: shipment.reference!, texts })),
  ) as unknown as WithNewShipments;
}

/** The end of a booking statement: which bookings had a live session (`position`) and which were stored (`reference`). */
export const bookingOutcomes = (query: WithNewShipments) =>
  query
    .selectFrom('customer')
    .select([
      sql<number | null>`customer.position`.as('position'),
      sql<string | null>`null`.as('reference'),
    ])
    .unionAll((eb) =>
      eb
        .selectFrom('new_shipment')
        .select([sql<number | null>`null`.as('position'), 'new_shipment.reference']),
    );

export function findShipment(db: DB, typedReference: string) {
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('reference', '=', normaliseReference(typedReference))
    .executeTakeFirst();
}

/**
 * The public view of a shipment: nothing personal, only where it stands and since when, and the
 * crew's window once it has one (docs/crews.md: never who comes). A deleted account's orders are kept for the books only, and no longer tracked.
 */
export async function findTracking(db: DB, typedReference: string): Promise<TrackingResult | null> {
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .innerJoin('shipment_status_changes as change', 'change.shipment_id', 'shipments.id')
    .select([
      'shipments.id',
      'shipments.reference',
      'shipments.service_type',
      'shipments.status',
      'shipments.created_at',
      'shipments.updated_at',
      'change.status as reached',
      'change.changed_at',
    ])
    .where('shipments.reference', '=', normaliseReference(typedReference))
    .where('users.deleted_at', 'is', null)
    .orderBy('change.id')
    .execute();
  const [first] = rows;
  if (!first) return null;
  const window = first.status === 'Cancelled' ? undefined : await trackingWindowOf(db, first.id);
  return {
    reference_number: first.reference,
    service_type: first.service_type,
    status: first.status,
    ProgressBar: progressOf[first.status],
    'date created': first.created_at.toISOString(),
    'date updated': first.updated_at.toISOString(),
    history: rows.map((row) => ({ status: row.reached, date: row.changed_at.toISOString() })),
    ...(window ? { window } : {}),
  };
}

/**
 * The shipment's row, locked until the transaction ends. Every change to an order (a status move,
 * a price, the customer's answer, cancel or new dates) takes this lock first and decides on the
 * row it returns, so two changes at once happen one after the other and the second sees the first.
 */
export function lockShipment(trx: Transaction<Database>, id: number): Promise<Shipment> {
  return trx
    .selectFrom('shipments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Who moves a shipment, and why (a staff note, the customer's reason). */
export interface StatusChange {
  actor: Actor;
  actor_user_id: number | null;
  note?: string | null;
  /** When the move happened, when not now (a crew's action sent later: ../crews/stop-events.ts). */
  at?: Date | undefined;
}

/**
 * Moves a shipment from the status it was read with to `status`: the trigger records when, this
 * transaction (the caller's, which also queues the mail about it) adds who and why to that row.
 * Null when someone else moved it first.
 */
export async function moveShipment(
  trx: Transaction<Database>,
  shipment: Shipment,
  status: ShipmentStatus,
  change: StatusChange,
): Promise<Shipment | null> {
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
    .set({
      actor: change.actor,
      actor_user_id: change.actor_user_id,
      note: change.note ?? null,
      ...(change.at ? { changed_at: change.at } : {}),
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('shipment_status_changes')
        .select((max) => max.fn.max('id').as('id'))
        .where('shipment_id', '=', moved.id),
    )
    .execute();
  return moved;
}
