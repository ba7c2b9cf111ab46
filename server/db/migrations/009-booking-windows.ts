/**
 * The hourly booking limit under concurrency (server/orders/order-limit.ts): one row per account that
 * books while ORDER_RATE_LIMIT is on, holding the times of its bookings of the last hour. A
 * booking statement updates its customer's row before it stores anything, so statements booking
 * for one account at once take turns on that row, and each reads the count the one before it left.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_windows')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    // Its bookings of the last hour (the newest ORDER_RATE_LIMIT at most).
    .addColumn('booked_at', sql`timestamptz[]`, (c) => c.notNull())
    // How many of the last statement's bookings it let through.
    .addColumn('granted', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_windows').execute();
}
