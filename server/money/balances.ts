/**
 * An order's money as the wire shows it, from the totals the database keeps on its row
 * (migration 010: triggers add each payment and each refund paid, and `payment_state` is a
 * generated column over them). The queue's filter and a staff overview read the same columns,
 * so they need no sums over rows.
 */
import type { ExpressionBuilder } from 'kysely';
import type { OrderPayment, PaymentState } from '../../src/api/contract';
import type { Database, DB, Shipment } from '../db/database';

export type MoneyColumns = Pick<
  Shipment,
  | 'status'
  | 'price_kobo'
  | 'paid_kobo'
  | 'refunded_kobo'
  | 'cancellation_fee_kobo'
  | 'payment_state'
>;

/** The columns `paymentOf` reads, for a select that joins shipments. */
export const moneyColumns = [
  'shipments.status',
  'shipments.price_kobo',
  'shipments.paid_kobo',
  'shipments.refunded_kobo',
  'shipments.cancellation_fee_kobo',
  'shipments.payment_state',
] as const;

const kobo = (value: string | number | bigint | null) => (value === null ? 0 : Number(value));

/**
 * What the customer still owes (negative: what is owed back). While the order stands: price −
 * paid + refunded; a cancelled order owes nothing and is owed paid − fee − refunded.
 */
export function balanceOf(row: MoneyColumns): number {
  const paid = kobo(row.paid_kobo);
  const refunded = kobo(row.refunded_kobo);
  if (row.status === 'Cancelled') return -(paid - kobo(row.cancellation_fee_kobo) - refunded);
  return kobo(row.price_kobo) - paid + refunded;
}

/** Null until a price is accepted and while nothing was ever paid. */
export function paymentOf(row: MoneyColumns): OrderPayment | null {
  if (row.payment_state === null) return null;
  return {
    state: row.payment_state,
    price_kobo: kobo(row.price_kobo),
    paid_kobo: kobo(row.paid_kobo),
    refunded_kobo: kobo(row.refunded_kobo),
    balance_kobo: balanceOf(row),
  };
}

/** The queue's `?payment_state=` filter: an index scan on (payment_state, id). */
export const withPaymentState =
  (state: PaymentState) => (eb: ExpressionBuilder<Database, 'shipments'>) =>
    eb('shipments.payment_state', '=', state);

/** An accepted price not fully paid: the queue's `payment_state=owing` (with `status=open`, the overview's unpaid count). */
export const owing = (eb: ExpressionBuilder<Database, 'shipments'>) =>
  eb('shipments.payment_state', 'in', ['unpaid', 'part_paid']);

/** Orders that stand (not Delivered or Cancelled) with an accepted price not fully paid: the overview's unpaid count. */
export const unpaidAccepted = (eb: ExpressionBuilder<Database, 'shipments'>) =>
  eb.and([owing(eb), eb('shipments.status', 'in', ['ToInspect', 'Shipped'])]);

/**
 * How many refunds wait for staff or Paystack, and how many of them are overdue (Lagos `today`):
 * for the staff overview.
 */
export async function refundsDueCount(
  db: DB,
  today: string,
): Promise<{ due: number; overdue: number }> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('due'),
      eb.fn
        .count<string | number>(eb.case().when('due_by', '<', today).then(1).end())
        .as('overdue'),
    ])
    .where('state', '!=', 'done')
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), overdue: Number(row.overdue) };
}
