/**
 * Limits per account on the mailed codes (docs/security.md): wrong tries counted per
 * account across every code of a kind, and the codes issued to an account, each in a window of
 * its own (server/accounts/code-limits.ts). Codes, which anyone who knows an address can ask
 * for, are counted per recipient; codes and security mail are sent ahead of the other mail
 * (server/mail/outbox.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_failures')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Every try is counted before the code is checked; a right one is then taken back.
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('code_failures_pkey', ['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('code_issues')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('issued', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_issued_at', 'timestamptz', (c) => c.notNull())
    // When the owner was told that the window's codes ran out (once a window).
    .addColumn('alerted_at', 'timestamptz')
    .addPrimaryKeyConstraint('code_issues_pkey', ['user_id', 'purpose'])
    .execute();

  // Keyed on the SHA-256 of the address: no table keeps a list of who was mailed.
  await db.schema
    .createTable('mail_recipient_counts')
    .addColumn('recipient_hash', 'text', (c) => c.primaryKey())
    .addColumn('mails', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_recipient_counts_window')
    .on('mail_recipient_counts')
    .column('window_started_at')
    .execute();

  // 0: codes and security mail, sent first; 1: every other mail (bookings, statuses, offers, staff).
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('priority', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('mail_outbox_due').execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'priority', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // The text of mails given up before this migration goes, as it now does when a mail is given up.
  await sql`update mail_outbox set body = '' where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due').execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.alterTable('mail_outbox').dropColumn('priority').execute();
  await db.schema.dropTable('mail_recipient_counts').execute();
  await db.schema.dropTable('code_issues').execute();
  await db.schema.dropTable('code_failures').execute();
}
