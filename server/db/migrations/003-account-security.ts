/**
 * Account security: a random public id for every user (the internal serial id is never sent, so
 * ids reveal nothing about how many accounts exist or which came first), and the failed-login
 * counter per account that every server instance shares. One live code per account and purpose,
 * enforced by a unique index, so a new code replaces the old one in a single statement.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('public_id', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .execute();

  await sql`delete from one_time_codes older using one_time_codes newer
    where older.user_id = newer.user_id and older.purpose = newer.purpose and older.id < newer.id`.execute(
    db,
  );
  await db.schema.dropIndex('one_time_codes_user_purpose').execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose')
    .unique()
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  // Keyed on the SHA-256 of the email as typed (lower-cased), known account or not, so the
  // throttle answers alike for both and stores no address of someone who has no account.
  await db.schema
    .createTable('login_failures')
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_window')
    .on('login_failures')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropIndex('one_time_codes_user_purpose').execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema.alterTable('users').dropColumn('public_id').execute();
}
