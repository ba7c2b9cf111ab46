/**
 * Where an order's price stands, kept on the order (docs/measurements.md, "The staff workspace at
 * scale"): the state and last valid day of its live offer (open or accepted; `offers_one_live`
 * allows one at a time), copied by the database on every change to its offers. The queue's price
 * filters and the overview's counts then read the order's own row through one partial index over
 * the open orders, which carries both columns, instead of an anti-join over every offer.
 */
import { sql, type Kysely } from 'kysely';

const open = sql`status in ('ToInspect', 'Shipped')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shipments')
    .addColumn('live_offer_state', 'text')
    .addColumn('live_offer_valid_until', 'date')
    .execute();
  await sql`update shipments set live_offer_state = offers.state, live_offer_valid_until = offers.valid_until
    from offers where offers.shipment_id = shipments.id and offers.state in ('open', 'accepted')`.execute(
    db,
  );
  // Rewritten only when the live offer differs, so offers' other changes leave the order's row alone.
  await sql`
    create function copy_live_offer(order_id integer) returns void language plpgsql as $$
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
  await sql`
    create function offer_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform copy_live_offer(old.shipment_id); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.shipment_id <> old.shipment_id) then
        perform copy_live_offer(new.shipment_id);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger offer_changed after insert or update or delete on offers
    for each row execute function offer_changed()`.execute(db);

  // Replaces shipments_open (migration 012): the same rows and order, with the price's columns.
  await sql`create index shipments_open_price on shipments (id)
    include (live_offer_state, live_offer_valid_until) where ${open}`.execute(db);
  await db.schema.dropIndex('shipments_open').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index shipments_open on shipments (id) where ${open}`.execute(db);
  await db.schema.dropIndex('shipments_open_price').execute();
  await sql`drop trigger offer_changed on offers`.execute(db);
  await sql`drop function offer_changed()`.execute(db);
  await sql`drop function copy_live_offer(integer)`.execute(db);
  await db.schema
    .alterTable('shipments')
    .dropColumn('live_offer_valid_until')
    .dropColumn('live_offer_state')
    .execute();
}
