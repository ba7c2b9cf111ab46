/**
 * Landmark notes (issue 37): in Nigeria an address is often found by what stands near it
 * ("Opposite the Total filling station, blue gate"). The customer may give one, optional and
 * short (the contract's `landmark`, at most 120 characters), with every address they book:
 *
 * - `deliveries.pickup_landmark`, `delivery_receivers.landmark`: a delivery's pickup and each
 *   receiver's address;
 * - `quotes.moving_from_landmark`, `quotes.moving_to_landmark`: a move's two homes;
 * - `stops.landmark`: copied with the address when the order's stops are written, at its first
 *   assignment (server/crews/stops.ts), and shown under the address on the crew's phone.
 *
 * Null where none was given, and for every order booked before this migration.
 */
import type { Kysely } from 'kysely';

const COLUMNS = [
  ['deliveries', 'pickup_landmark'],
  ['delivery_receivers', 'landmark'],
  ['quotes', 'moving_from_landmark'],
  ['quotes', 'moving_to_landmark'],
  ['stops', 'landmark'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS)
    await db.schema.alterTable(table).addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS)
    await db.schema.alterTable(table).dropColumn(column).execute();
}
