/** Accounts, sessions and codes; applications; shipments (quotes and deliveries) and their history; subscribers. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('fullname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_image', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('one_time_codes_hash')
    .on('one_time_codes')
    .columns(['purpose', 'code_hash'])
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ToInspect'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('shipments_user_created')
    .on('shipments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('shipments_created').on('shipments').column('created_at').execute();

  await db.schema
    .createTable('shipment_status_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('shipment_status_changes_shipment')
    .on('shipment_status_changes')
    .column('shipment_id')
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('shipment_id', 'integer', (c) =>
      c.primaryKey().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('moving_from_address', 'text', (c) => c.notNull())
    .addColumn('moving_from_apartment_type', 'text', (c) => c.notNull())
    .addColumn('number_of_room_moving_from', 'text', (c) => c.notNull())
    .addColumn('from_floor', 'text', (c) => c.notNull())
    .addColumn('moving_to_address', 'text', (c) => c.notNull())
    .addColumn('moving_to_apartment_type', 'text', (c) => c.notNull())
    .addColumn('number_of_room_moving_to', 'text', (c) => c.notNull())
    .addColumn('to_floor', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text')
    .addColumn('email', 'text')
    .addColumn('mobile_phone', 'text')
    .addColumn('services', 'text', (c) => c.notNull())
    .addColumn('moving_date', 'date')
    .addColumn('date_of_inspection', 'date')
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('shipment_id', 'integer', (c) =>
      c.primaryKey().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('pickup_address', 'text', (c) => c.notNull())
    .addColumn('sender_fullname', 'text', (c) => c.notNull())
    .addColumn('sender_phone', 'text', (c) => c.notNull())
    .addColumn('pickup_date', 'date')
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delivery_receivers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'date')
    .addUniqueConstraint('delivery_receivers_position', ['shipment_id', 'position'])
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'newsletter_subscribers',
    'delivery_receivers',
    'deliveries',
    'quotes',
    'shipment_status_changes',
    'shipments',
    'applications',
    'one_time_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
