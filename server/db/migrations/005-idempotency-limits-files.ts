/**
 * Retry-safe submits, per-account limits and uploaded files:
 * - Each shipment and application keeps the Idempotency-Key it was submitted with and a hash of
 *   the request. The unique indexes are the claim: of two requests with one key (per account for
 *   shipments, per request for anonymous applications) only one row is inserted, in the same
 *   statement as the booking itself, so a key costs no extra round trip.
 * - `shipments (user_id, created_at, id)`: the orders list's keyset and the hourly order count.
 * - `files`: uploaded images, in the database so every server instance serves every file and
 *   backups hold them; they go with their owner's account (on delete cascade).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shipments', 'applications']) {
    await db.schema
      .alterTable(table)
      .addColumn('idempotency_key', 'text')
      .addColumn('request_hash', 'text')
      .execute();
  }
  await db.schema
    .createIndex('shipments_idempotency')
    .on('shipments')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('applications_idempotency')
    .on('applications')
    .columns(['idempotency_key', 'request_hash'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // Clearing keys after 24 hours reads only the rows that still hold one.
  for (const table of ['shipments', 'applications']) {
    await db.schema
      .createIndex(`${table}_idempotency_created`)
      .on(table)
      .column('created_at')
      .where(sql.ref('idempotency_key'), 'is not', null)
      .execute();
  }

  await db.schema.dropIndex('shipments_user_created').execute();
  await db.schema
    .createIndex('shipments_user_created_id')
    .on('shipments')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_owner').on('files').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropIndex('shipments_user_created_id').execute();
  await db.schema
    .createIndex('shipments_user_created')
    .on('shipments')
    .columns(['user_id', 'created_at'])
    .execute();
  for (const table of ['shipments', 'applications'])
    await db.schema.dropIndex(`${table}_idempotency_created`).execute();
  await db.schema.dropIndex('applications_idempotency').execute();
  await db.schema.dropIndex('shipments_idempotency').execute();
  for (const table of ['shipments', 'applications']) {
    await db.schema
      .alterTable(table)
      .dropColumn('idempotency_key')
      .dropColumn('request_hash')
      .execute();
  }
}
