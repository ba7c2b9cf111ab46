/**
 * Money (docs/operations.md, "Payments"; docs/architecture.md): online attempts through Paystack,
 * payments received (one receipt each, numbered per year by a counter row), refunds, and per-order
 * totals.
 *
 * The totals on `shipments` are kept by the database from the rows (triggers below), so no code
 * path can forget them and they cannot drift; `payment_state` is a generated column over them,
 * so the staff queue filters on an index (migration's `shipments_payment_state`) rather than
 * summing rows for a million orders. Every money statement locks the order's row first
 * (server/orders/shipments.ts lockShipment), so the increments of two payments never interleave.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shipments')
    // The accepted offer's amount; null while no price is accepted.
    .addColumn('price_kobo', 'bigint')
    .addColumn('paid_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    // The fee kept when a paid order was cancelled within 3 days of its date.
    .addColumn('cancellation_fee_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`alter table shipments add column payment_state text generated always as (
    case
      when status = 'Cancelled' then case
        when paid_kobo - cancellation_fee_kobo - refunded_kobo > 0 then 'refund_due'
        when refunded_kobo > 0 then 'refunded'
        when paid_kobo > 0 then 'paid'
      end
      when price_kobo is null and paid_kobo = 0 then null
      when coalesce(price_kobo, 0) - paid_kobo + refunded_kobo < 0 then 'refund_due'
      when paid_kobo - refunded_kobo <= 0 then 'unpaid'
      when coalesce(price_kobo, 0) - paid_kobo + refunded_kobo > 0 then 'part_paid'
      else 'paid'
    end) stored`.execute(db);
  await db.schema
    .createIndex('shipments_payment_state')
    .on('shipments')
    .columns(['payment_state', 'id'])
    .execute();
  await sql`update shipments set price_kobo = offers.amount_kobo from offers
    where offers.shipment_id = shipments.id and offers.state = 'accepted'`.execute(db);

  // Each online attempt: a new Paystack reference, the amount and currency asked, what came of it.
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'paid', 'failed', 'mismatch')`),
    )
    .addColumn('reported_kobo', 'bigint')
    .addColumn('reported_currency', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payment_attempts_shipment')
    .on('payment_attempts')
    .columns(['shipment_id', 'id'])
    .execute();

  // Money received. Insert-only; a Paystack reference counts once (unique), whoever saw it first.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('paystack_reference', 'text', (c) => c.unique())
    .addColumn('office_reference', 'text')
    .addColumn('paid_on', 'date')
    .addColumn('receipt_number', 'text', (c) => c.notNull().unique())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payments_shipment')
    .on('payments')
    .columns(['shipment_id', 'id'])
    .execute();

  // RCT-<year>-<n>: the payment's statement bumps its year's row, so payments take turns on it and
  // a rolled-back payment gives its number back.
  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('shipments.id').onDelete('cascade'),
    )
    .addColumn('payment_id', 'integer', (c) =>
      c.notNull().references('payments.id').onDelete('cascade'),
    )
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('fee_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('route', 'text', (c) => c.notNull().check(sql`route in ('card', 'office')`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('due')
        .check(sql`state in ('due', 'processing', 'done')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('due_by', 'date', (c) => c.notNull())
    .addColumn('paystack_refund_id', 'text', (c) => c.unique())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    // Who made it owed (the cancel's author; the customer for an overpayment), and who marked it paid.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('done_actor', 'text')
    .addColumn('done_actor_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('refunds_shipment')
    .on('refunds')
    .columns(['shipment_id', 'id'])
    .execute();
  await db.schema
    .createIndex('refunds_open')
    .on('refunds')
    .columns(['due_by', 'id'])
    .where(sql.ref('state'), '!=', 'done')
    .execute();

  await sql`
    create function count_accepted_price() returns trigger language plpgsql as $$
    begin
      if new.state = 'accepted' then
        update shipments set price_kobo = new.amount_kobo where id = new.shipment_id;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger offer_accepted after insert or update of state on offers
    for each row execute function count_accepted_price()`.execute(db);

  await sql`
    create function count_payment() returns trigger language plpgsql as $$
    begin
      update shipments set paid_kobo = paid_kobo + new.amount_kobo where id = new.shipment_id;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger payment_received after insert on payments
    for each row execute function count_payment()`.execute(db);

  await sql`
    create function count_refund() returns trigger language plpgsql as $$
    begin
      if new.state = 'done' and (tg_op = 'INSERT' or old.state <> 'done') then
        update shipments set refunded_kobo = refunded_kobo + new.amount_kobo where id = new.shipment_id;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger refund_done after insert or update of state on refunds
    for each row execute function count_refund()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger refund_done on refunds`.execute(db);
  await sql`drop function count_refund()`.execute(db);
  await sql`drop trigger payment_received on payments`.execute(db);
  await sql`drop function count_payment()`.execute(db);
  await sql`drop trigger offer_accepted on offers`.execute(db);
  await sql`drop function count_accepted_price()`.execute(db);
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('receipt_counters').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.dropIndex('shipments_payment_state').execute();
  await db.schema
    .alterTable('shipments')
    .dropColumn('payment_state')
    .dropColumn('cancellation_fee_kobo')
    .dropColumn('refunded_kobo')
    .dropColumn('paid_kobo')
    .dropColumn('price_kobo')
    .execute();
}
