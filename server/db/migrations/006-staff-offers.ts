/**
 * The staff workspace: a role on users; who moved a status and why; price offers; the customer's
 * date changes; the status of partner applications; an id for subscribers (keyset paging);
 * indexes for the staff queue's status filter and the quote-photo check of /uploads.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'staff')`),
    )
    .execute();

  // The trigger of migration 002 still writes each row; the move's statement then says who and why.
  await db.schema
    .alterTable('shipment_status_changes')
    .addColumn('actor', 'text')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('note', 'text')
    .addColumn('valid_until', 'date', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'accepted', 'declined', 'replaced')`),
    )
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decline_reason', 'text')
    .execute();
  await db.schema
    .createIndex('offers_shipment')
    .on('offers')
    .columns(['shipment_id', 'id'])
    .execute();
  // One offer at a time may be open or accepted: two staff sending at once cannot both succeed.
  await db.schema
    .createIndex('offers_one_live')
    .on('offers')
    .column('shipment_id')
    .unique()
    .where(sql.ref('state'), 'in', ['open', 'accepted'])
    .execute();

  await db.schema
    .createTable('order_reschedules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_reschedules_shipment')
    .on('order_reschedules')
    .column('shipment_id')
    .execute();

  await db.schema
    .alterTable('applications')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'contacted', 'hired', 'rejected')`),
    )
    .execute();
  await db.schema
    .createIndex('applications_status')
    .on('applications')
    .columns(['status', 'id'])
    .execute();

  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('id', 'serial', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('shipments_status')
    .on('shipments')
    .columns(['status', 'id'])
    .execute();
  // Every /uploads request asks whether the file is a (private) quote photo.
  await db.schema.createIndex('quotes_image').on('quotes').column('image').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quotes_image').execute();
  await db.schema.dropIndex('shipments_status').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('id').execute();
  await db.schema.dropIndex('applications_status').execute();
  await db.schema.alterTable('applications').dropColumn('status').execute();
  await db.schema.dropTable('order_reschedules').execute();
  await db.schema.dropTable('offers').execute();
  await db.schema
    .alterTable('shipment_status_changes')
    .dropColumn('note')
    .dropColumn('actor_user_id')
    .dropColumn('actor')
    .execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
