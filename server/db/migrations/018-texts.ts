/**
 * Texts on the customer's phone (docs/messages.md). Every number the product keeps is E.164 from
 * now on: the numbers already stored (accounts, quotes, deliveries and their receivers,
 * applications, refund payees), which the contract's rule kept as typed and tidied (`0803…` or
 * `+234803…`), are rewritten in that form.
 *
 * - `texts`: the outbox of texts and their history for staff. A row is written in the same
 *   transaction (or statement) as the event it tells of; the sender (server/messages/outbox.ts)
 *   hands it to Termii after the answer. `(event, recipient, channel)` is unique: one event
 *   never texts one number twice on one channel.
 * - `track_links`: one private tracking link per order and recipient; `track_link_tokens` the
 *   SHA-256 of each token sent in a text (the tokens themselves are never stored).
 * - `text_opt_outs`: numbers that asked for no more notices; `text_recipient_counts` the texts
 *   sent to one number in the current hour.
 * - `users.text_sms`, `users.text_whatsapp`: the channels the account's own number is texted on.
 */
import { sql, type Kysely } from 'kysely';

/** The columns that hold a phone number, each as its table keeps it. */
const PHONE_COLUMNS = [
  ['users', 'phone'],
  ['quotes', 'mobile_phone'],
  ['deliveries', 'sender_phone'],
  ['delivery_receivers', 'phone'],
  ['applications', 'mobile_number'],
  ['refunds', 'payee_phone'],
] as const;

/** Rewrites the numbers stored as `0803…` in E.164; `+234…` ones already are, others are left as they are. */
export async function normaliseStoredPhones(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of PHONE_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = '+234' || substr(${sql.ref(column)}, 2)
      where ${sql.ref(column)} ~ '^0[0-9]{10}$'`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await normaliseStoredPhones(db);

  await db.schema
    .alterTable('users')
    .addColumn('text_sms', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('text_whatsapp', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('texts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('cascade'))
    // What caused it (`booking:12`, `offer:40`, `status:12:Shipped`…): with the number and the
    // channel, the key that texts each number once per event.
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp')`))
    .addColumn('template', 'text', (c) => c.notNull())
    // Emptied once handed to Termii or given up: it carries a private tracking link.
    .addColumn('body', 'text', (c) => c.notNull())
    // Kept when an opted-out number may still be texted (a handover code, with the crews).
    .addColumn('essential', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'sent', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('provider_message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addUniqueConstraint('texts_once', ['event', 'recipient', 'channel'])
    .execute();
  await db.schema
    .createIndex('texts_due')
    .on('texts')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('state'), '=', 'queued')
    .execute();
  await db.schema
    .createIndex('texts_of_order')
    .on('texts')
    .columns(['shipment_id', 'id'])
    .execute();
  await db.schema
    .createIndex('texts_provider_id')
    .on('texts')
    .column('provider_message_id')
    .unique()
    .where(sql.ref('provider_message_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('track_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('recipient', 'text', (c) => c.notNull())
    // The customer's link shows the whole order; a receiver's, their own drop-offs.
    .addColumn('audience', 'text', (c) =>
      c.notNull().check(sql`audience in ('customer', 'receiver')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('track_links_once', ['shipment_id', 'recipient'])
    .execute();
  await db.schema
    .createTable('track_link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'integer', (c) =>
      c.notNull().references('track_links.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('track_link_tokens_link')
    .on('track_link_tokens')
    .column('link_id')
    .execute();

  await db.schema
    .createTable('text_opt_outs')
    .addColumn('recipient', 'text', (c) => c.primaryKey())
    .addColumn('opted_out_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('text_recipient_counts')
    .addColumn('recipient', 'text', (c) => c.primaryKey())
    .addColumn('texts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'text_recipient_counts',
    'text_opt_outs',
    'track_link_tokens',
    'track_links',
    'texts',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('text_sms').dropColumn('text_whatsapp').execute();
  for (const [table, column] of PHONE_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = '0' || substr(${sql.ref(column)}, 5)
      where ${sql.ref(column)} ~ '^\\+234[0-9]{10}$'`.execute(db);
  }
}
