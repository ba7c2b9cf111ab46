/**
 * Keys the server makes for itself and keeps with the data, so every instance on one database
 * shares them (the photo-link key: server/files/photo-links.ts); an index for the sweep of expired
 * sessions (server/accounts/session-purge.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}
