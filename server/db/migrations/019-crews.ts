/**
 * The day's work (docs/crews.md): crews and their members, an order's assignment to a crew for a
 * window, its stops, what a crew member records at each, and the photos that prove a handover.
 *
 * - `users.role` gains `crew`: an account staff added to a crew.
 * - `crews`: a team with a vehicle; `crew_members` the accounts in it (one crew each), the lead
 *   being the face and the phone the customer sees.
 * - `assignments`: one per order (assigning again reassigns), a Lagos date and an `HH:MM` window.
 * - `stops`: a delivery's pickup and a drop-off per receiver, a move's loading and unloading, each
 *   with its state; a drop-off's handover code is kept hashed with its wrong tries.
 * - `stop_events`: every action of a crew member (who, when, where if allowed) and the history's
 *   source for the crew's part; `stop_photos` the proof and condition photos (rows of `files`).
 * - `assignment_changes`: every assignment and reassignment as staff made it, for the history.
 * - `stops.reviewed_at`: staff looked at a handover made without the code (Needs attention).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('customer', 'staff', 'crew'))`.execute(db);

  await db.schema
    .createTable('crews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vehicle', 'text', (c) =>
      c.notNull().check(sql`vehicle in ('motorbike', 'car', 'van', 'truck')`),
    )
    .addColumn('plate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('crew_members')
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('is_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('crew_members_crew').on('crew_members').column('crew_id').execute();

  await db.schema
    .createTable('assignments')
    .addColumn('shipment_id', 'integer', (c) =>
      c.primaryKey().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull().check(sql`window_end > window_start`))
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('assignments_crew_date')
    .on('assignments')
    .columns(['crew_id', 'date'])
    .execute();

  await db.schema
    .createTable('stops')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('pickup', 'dropoff', 'loading', 'unloading')`),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'on_the_way', 'arrived', 'done', 'failed')`),
    )
    // A drop-off's or unloading's handover code: SHA-256 of the code with the stop's id, never the code.
    .addColumn('code_hash', 'text')
    .addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_locked_at', 'timestamptz')
    .addColumn('without_code', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('receiver_name', 'text')
    .addColumn('done_at', 'timestamptz')
    .addColumn('done_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('stops_shipment_position', ['shipment_id', 'position'])
    .execute();

  await db.schema
    .createTable('stop_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('stops.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('on_the_way', 'arrived', 'picked_up', 'delivered', 'failed')`),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('accuracy_m', 'double precision')
    .execute();
  await db.schema
    .createIndex('stop_events_shipment')
    .on('stop_events')
    .column('shipment_id')
    .execute();

  await db.schema
    .createTable('stop_photos')
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('stops.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('stop_events.id').onDelete('cascade'),
    )
    // Every /uploads request asks whether the file is a (private) stop photo.
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('proof', 'condition')`))
    .execute();

  await db.schema
    .createTable('assignment_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('staff', 'ops')`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('assignment_changes_shipment')
    .on('assignment_changes')
    .column('shipment_id')
    .execute();

  await db.schema
    .alterTable('stops')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'assignment_changes',
    'stop_photos',
    'stop_events',
    'stops',
    'assignments',
    'crew_members',
    'crews',
  ])
    await db.schema.dropTable(table).execute();
  await sql`update users set role = 'customer' where role = 'crew'`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('customer', 'staff'))`.execute(db);
}
