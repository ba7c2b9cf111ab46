/**
 * A booking writes its shipment once (docs/decisions/booking-writes-once.md). The booking now
 * stores the job's date and an accepted price on the shipment's own insert; the triggers that
 * copy them from the delivery, the quote and the offer (migrations 010 and 012) stay for every
 * later change, but leave a row alone when it already holds the value. Before, each priced
 * delivery updated its new shipment twice in the same statement, and as `job_date` and
 * `payment_state` are indexed, each update wrote a new row version into every index of
 * `shipments` (the trigram one included): three times the index work of the insert alone.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function copy_job_date() returns trigger language plpgsql as $$
    begin
      update shipments set job_date = (to_jsonb(new) ->> tg_argv[0])::date
        where id = new.shipment_id and job_date is distinct from (to_jsonb(new) ->> tg_argv[0])::date;
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
      update shipments set job_date = (to_jsonb(new) ->> tg_argv[0])::date where id = new.shipment_id;
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
