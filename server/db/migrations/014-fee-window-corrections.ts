/**
 * The cancellation fee's window kept across new dates, and price corrections
 * (docs/decisions/cancellation-fee.md).
 *
 * `shipments.cancellation_fee_from`: the first day a cancellation keeps the fee, when a
 * reschedule made inside the fee window of the date it replaced kept that window.
 *
 * `offers.corrects_offer_id` and `correction_reason`: staff correcting a price the customer
 * already accepted (an instant price from a place that does not match the address). The
 * correction is open beside the accepted offer until the customer answers it, so one offer may
 * be open at a time (`offers_one_open`) and the newest accepted one is the price. The live offer
 * copied on the order (migration 013) is then the newest open or accepted one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('cancellation_fee_from', 'date').execute();
  await db.schema
    .alterTable('offers')
    .addColumn('corrects_offer_id', 'integer', (c) => c.references('offers.id'))
    .addColumn('correction_reason', 'text')
    .execute();
  await db.schema
    .createIndex('offers_one_open')
    .on('offers')
    .column('shipment_id')
    .unique()
    .where(sql.ref('state'), '=', 'open')
    .execute();
  await db.schema.dropIndex('offers_one_live').execute();
  await sql`
    create or replace function copy_live_offer(order_id integer) returns void language plpgsql as $$
    declare
      live_state text;
      live_until date;
    begin
      select state, valid_until into live_state, live_until from offers
        where shipment_id = order_id and state in ('open', 'accepted')
        order by id desc limit 1;
      update shipments set live_offer_state = live_state, live_offer_valid_until = live_until
        where id = order_id
          and (live_offer_state, live_offer_valid_until) is distinct from (live_state, live_until);
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function copy_live_offer(order_id integer) returns void language plpgsql as $$
    declare
      live_state text;
      live_until date;
    begin
      select state, valid_until into live_state, live_until from offers
        where shipment_id = order_id and state in ('open', 'accepted');
      update shipments set live_offer_state = live_state, live_offer_valid_until = live_until
        where id = order_id
          and (live_offer_state, live_offer_valid_until) is distinct from (live_state, live_until);
    end
    $$`.execute(db);
  await db.schema
    .createIndex('offers_one_live')
    .on('offers')
    .column('shipment_id')
    .unique()
    .where(sql.ref('state'), 'in', ['open', 'accepted'])
    .execute();
  await db.schema.dropIndex('offers_one_open').execute();
  await db.schema
    .alterTable('offers')
    .dropColumn('correction_reason')
    .dropColumn('corrects_offer_id')
    .execute();
  await db.schema.alterTable('shipments').dropColumn('cancellation_fee_from').execute();
}
