/**
 * Two facts of an order that customers and dispatchers rely on:
 * - An instant delivery (Deliver Now) has no pickup date: it is picked up the day it is booked,
 *   so that day (Lagos time) is its job's date, and the overview counts it among today's jobs.
 *   The job-date trigger of migration 012 falls back to it, and existing orders get it.
 * - An optional declared value (kobo) on every order, which the terms' liability clause refers to.
 */
import { sql, type Kysely } from 'kysely';

// Lagos keeps UTC+1 all year (no daylight saving), so no time-zone database is needed.
const bookingDay = sql`((shipments.created_at at time zone 'UTC') + interval '1 hour')::date`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function copy_job_date() returns trigger language plpgsql as $$
    begin
      update shipments set job_date = coalesce(
        (to_jsonb(new) ->> tg_argv[0])::date,
        case when shipments.service_type = 'instant_delivery'
          then ((shipments.created_at at time zone 'UTC') + interval '1 hour')::date end
      ) where id = new.shipment_id;
      return new;
    end
    $$`.execute(db);
  await sql`update shipments set job_date = ${bookingDay}
    where service_type = 'instant_delivery' and job_date is null`.execute(db);
  await db.schema.alterTable('shipments').addColumn('declared_value_kobo', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('declared_value_kobo').execute();
  await sql`update shipments set job_date = null where service_type = 'instant_delivery'`.execute(
    db,
  );
  await sql`
    create or replace function copy_job_date() returns trigger language plpgsql as $$
    begin
      update shipments set job_date = (to_jsonb(new) ->> tg_argv[0])::date where id = new.shipment_id;
      return new;
    end
    $$`.execute(db);
}
