/**
 * A booking writes its shipment once (docs/decisions/booking-writes-once.md). The booking now
 * stores the job's date and a price accepted at booking (its amount, and the live offer's state
 * and last day) with the shipment's own insert. The triggers that copy them from the delivery,
 * the quote and the offer (migrations 010, 012 and 013) stay for every later change, and now
 * leave a row alone when it already holds the value (013's already did). Before, a priced
 * delivery updated its new shipment three times in the same statement, and as `job_date`,
 * `payment_state` and the live offer's columns are indexed, each update wrote a new row version
 * into every index of `shipments` (the trigram one included).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An instant delivery has no date of its own: its job's date is the Lagos day it was booked (016).
  await sql`
    create or replace function copy_job_date() returns trigger language plpgsql as $$
    declare day date;
    begin
      select coalesce(
        (to_jsonb(new) ->> tg_argv[0])::date,
        case when shipments.service_type = 'instant_delivery'
          then ((shipments.created_at at time zone 'UTC') + interval '1 hour')::date end
      ) into day from shipments where id = new.shipment_id;
      update shipments set job_date = day where id = new.shipment_id and job_date is distinct from day;
      return new;
    end
    $$`.execute(db);
  await sql`
    create or replace function count_accepted_price() returns trigger language plpgsql as $$
    begin
      if new.state = 'accepted' then
        update shipments set price_kobo = new.amount_kobo
          where id = new.shipment_id and price_kobo is distinct from new.amount_kobo;
      end if;
      return new;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await sql`
    create or replace function count_accepted_price() returns trigger language plpgsql as $$
    begin
      if new.state = 'accepted' then
        update shipments set price_kobo = new.amount_kobo where id = new.shipment_id;
      end if;
      return new;
    end
    $$`.execute(db);
}
