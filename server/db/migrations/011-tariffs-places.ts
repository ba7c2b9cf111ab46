/**
 * Prices (docs/prices.md): every saved tariff is a new version and none is ever changed, so an
 * order's price or estimate keeps naming the tariff it came from. Addresses gain their place
 * (state and LGA, optional); shipments record the price or estimate the tariff gave at booking
 * (`tariff_price_kobo`: what the tariff said; migration 010's `price_kobo` is the accepted price).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tariffs')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    // The rules as staff saved them (the contract's `tariffRules`), read whole by every preview.
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .alterTable('shipments')
    .addColumn('price_version', 'integer', (c) => c.references('tariffs.version'))
    .addColumn('tariff_price_kobo', 'bigint', (c) => c.check(sql`tariff_price_kobo >= 0`))
    .addColumn('estimate_low_kobo', 'bigint', (c) => c.check(sql`estimate_low_kobo >= 0`))
    .addColumn('estimate_high_kobo', 'bigint', (c) => c.check(sql`estimate_high_kobo >= 0`))
    .execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('pickup_state', 'text')
    .addColumn('pickup_lga', 'text')
    .execute();
  await db.schema
    .alterTable('delivery_receivers')
    .addColumn('state', 'text')
    .addColumn('lga', 'text')
    .execute();
  await db.schema
    .alterTable('quotes')
    .addColumn('moving_from_state', 'text')
    .addColumn('moving_from_lga', 'text')
    .addColumn('moving_to_state', 'text')
    .addColumn('moving_to_lga', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('quotes')
    .dropColumn('moving_from_state')
    .dropColumn('moving_from_lga')
    .dropColumn('moving_to_state')
    .dropColumn('moving_to_lga')
    .execute();
  await db.schema.alterTable('delivery_receivers').dropColumn('state').dropColumn('lga').execute();
  await db.schema
    .alterTable('deliveries')
    .dropColumn('pickup_state')
    .dropColumn('pickup_lga')
    .execute();
  await db.schema
    .alterTable('shipments')
    .dropColumn('price_version')
    .dropColumn('tariff_price_kobo')
    .dropColumn('estimate_low_kobo')
    .dropColumn('estimate_high_kobo')
    .execute();
  await db.schema.dropTable('tariffs').execute();
}
