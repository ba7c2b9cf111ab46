/**
 * The books outlive the account (docs/decisions/deleted-accounts.md): deleting an account
 * anonymises the customer's row (`deleted_at`) and keeps their orders with every payment, receipt,
 * refund and attempt. No foreign key on the way from a customer to a money row cascades any more:
 * deleting such a row by mistake fails instead of leaving holes in the receipt numbering.
 *
 * While a refund is still owed on a deleted account, the refund keeps whom to pay it back to
 * (`payee_*`), cleared once it is paid. Payments and attempts say whether they were made against
 * the built-in test gateway (`test_mode`, PAYSTACK_TEST_MODE), so test money is never taken for real.
 */
import { sql, type Kysely } from 'kysely';

/** Table, column, referenced table and column: the links from a customer to their money. */
const moneyLinks = [
  ['shipments', 'user_id', 'users', 'id'],
  ['payment_attempts', 'shipment_id', 'shipments', 'id'],
  ['payments', 'shipment_id', 'shipments', 'id'],
  ['refunds', 'shipment_id', 'shipments', 'id'],
  ['refunds', 'payment_id', 'payments', 'id'],
] as const;

async function relink(db: Kysely<unknown>, onDelete: 'restrict' | 'cascade'): Promise<void> {
  for (const [table, column, target, key] of moneyLinks) {
    const name = `${table}_${column}_fkey`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)}
      foreign key (${sql.ref(column)}) references ${sql.table(target)} (${sql.ref(key)})
      on delete ${sql.raw(onDelete)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await relink(db, 'restrict');
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  await db.schema
    .alterTable('refunds')
    .addColumn('payee_name', 'text')
    .addColumn('payee_email', 'text')
    .addColumn('payee_phone', 'text')
    .execute();
  for (const table of ['payments', 'payment_attempts'])
    await db.schema
      .alterTable(table)
      .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payments', 'payment_attempts'])
    await db.schema.alterTable(table).dropColumn('test_mode').execute();
  await db.schema
    .alterTable('refunds')
    .dropColumn('payee_name')
    .dropColumn('payee_email')
    .dropColumn('payee_phone')
    .execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await relink(db, 'cascade');
}
