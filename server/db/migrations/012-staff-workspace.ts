/**
 * The staff workspace at scale (docs/measurements.md): the job's date (a delivery's pickup date,
 * a move's moving date) kept on the order by the database itself, so the queue sorts and filters
 * by it through an index; trigram indexes (pg_trgm) for searching part of a reference, name,
 * email or phone; and partial indexes over the orders still open, which is all the overview
 * counts and what a dispatcher mostly filters to.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema.alterTable('shipments').addColumn('job_date', 'date').execute();
  await sql`update shipments set job_date = deliveries.pickup_date from deliveries where deliveries.shipment_id = shipments.id`.execute(
    db,
  );
  await sql`update shipments set job_date = quotes.moving_date from quotes where quotes.shipment_id = shipments.id`.execute(
    db,
  );
  // Every path that writes a date (booking, the customer's new dates) goes through these rows;
  // the trigger's argument names the date's column in its table.
  await sql`
    create function copy_job_date() returns trigger language plpgsql as $$
    begin
      update shipments set job_date = (to_jsonb(new) ->> tg_argv[0])::date where id = new.shipment_id;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger delivery_job_date after insert or update of pickup_date on deliveries
    for each row execute function copy_job_date('pickup_date')`.execute(db);
  await sql`create trigger quote_job_date after insert or update of moving_date on quotes
    for each row execute function copy_job_date('moving_date')`.execute(db);

  await db.schema
    .createIndex('shipments_job_date')
    .on('shipments')
    .columns(['job_date', 'id'])
    .execute();
  await db.schema
    .createIndex('shipments_service_type')
    .on('shipments')
    .columns(['service_type', 'id'])
    .execute();
  const open = sql`status in ('ToInspect', 'Shipped')`;
  await sql`create index shipments_open on shipments (id) where ${open}`.execute(db);
  await sql`create index shipments_open_job_date on shipments (job_date, id) where ${open}`.execute(
    db,
  );
  await sql`create index offers_live on offers (shipment_id, valid_until) where state in ('open', 'accepted')`.execute(
    db,
  );

  await sql`create index shipments_reference_trgm on shipments using gin (reference gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index users_search_trgm on users using gin (fullname gin_trgm_ops, email gin_trgm_ops, phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index quotes_search_trgm on quotes using gin (full_name gin_trgm_ops, email gin_trgm_ops, mobile_phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index deliveries_search_trgm on deliveries using gin (sender_fullname gin_trgm_ops, sender_phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index receivers_search_trgm on delivery_receivers using gin (name gin_trgm_ops, phone gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'receivers_search_trgm',
    'deliveries_search_trgm',
    'quotes_search_trgm',
    'users_search_trgm',
    'shipments_reference_trgm',
    'offers_live',
    'shipments_open_job_date',
    'shipments_open',
    'shipments_service_type',
    'shipments_job_date',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await sql`drop trigger quote_job_date on quotes`.execute(db);
  await sql`drop trigger delivery_job_date on deliveries`.execute(db);
  await sql`drop function copy_job_date()`.execute(db);
  await db.schema.alterTable('shipments').dropColumn('job_date').execute();
}
