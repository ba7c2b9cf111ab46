/**
 * An order's money as its pages show it: the totals, one receipt per payment, the refunds with
 * their deadlines, what cancelling now would cost, the mismatched Paystack payments (staff only),
 * and the history lines of all of these, read from the rows each was written with.
 */
import {
  formatNaira,
  paymentMethodLabels,
  todayInLagos,
  type Cancellation,
  type HistoryEntry,
  type OrderPayment,
  type ReceiptSummary,
  type Refund,
  type StaffOrderDetail,
} from '../../src/api/contract';
import type { Actor, DB, Shipment } from '../db/database';
import { paymentOf } from './balances';
import { cancellationOf } from './refunds';

export interface MoneyLine {
  event: HistoryEntry['event'];
  at: Date;
  by: Actor;
  actor_user_id: number | null;
  note: string | null;
}

export interface OrderMoney {
  payment: OrderPayment | null;
  receipts: ReceiptSummary[];
  refunds: Refund[];
  cancellation: Cancellation | null;
  mismatches: StaffOrderDetail['payment_mismatches'];
  lines: MoneyLine[];
}

const methodName = (method: string) => (paymentMethodLabels[method] ?? method).toLowerCase();

export async function moneyOf(
  db: DB,
  shipment: Shipment,
  feePercent: number,
  forStaff: boolean,
): Promise<OrderMoney> {
  const today = todayInLagos();
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .orderBy('id')
    .execute();
  const refundRows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .orderBy('id')
    .execute();
  const mismatched = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .where('state', '=', 'mismatch')
    .orderBy('id')
    .execute();

  const refunds = refundRows.map((row): Refund => ({
    id: row.id,
    amount_kobo: Number(row.amount_kobo),
    fee_kobo: Number(row.fee_kobo),
    state: row.state,
    route: row.route,
    due_by: row.due_by,
    overdue: row.state !== 'done' && row.due_by < today,
    done_at: row.done_at?.toISOString() ?? null,
    reference: row.reference,
  }));
  const lines: MoneyLine[] = [
    ...payments.map((row): MoneyLine => ({
      event: 'payment_received',
      at: row.paid_at,
      by: row.actor,
      actor_user_id: row.actor_user_id,
      note: `${row.test_mode ? 'TEST (no real money): ' : ''}${formatNaira(Number(row.amount_kobo))} by ${methodName(row.method)}, receipt ${row.receipt_number}${forStaff && row.office_reference ? ` (reference ${row.office_reference}, received ${row.paid_on})` : ''}`,
    })),
    ...refundRows.flatMap((row): MoneyLine[] => [
      {
        event: 'refund_due',
        at: row.created_at,
        by: row.actor,
        actor_user_id: row.actor_user_id,
        note: `${formatNaira(Number(row.amount_kobo))} (${row.reason}${Number(row.fee_kobo) > 0 ? `, ${formatNaira(Number(row.fee_kobo))} kept as the fee` : ''}), due by ${row.due_by}`,
      },
      ...(row.sent_at && row.route === 'card'
        ? [
            {
              event: 'refund_sent',
              at: row.sent_at,
              by: 'ops',
              actor_user_id: null,
              note: `${formatNaira(Number(row.amount_kobo))} sent back to the card through Paystack`,
            } satisfies MoneyLine,
          ]
        : []),
      ...(row.done_at
        ? [
            {
              event: 'refund_done',
              at: row.done_at,
              by: row.done_actor ?? 'ops',
              actor_user_id: row.done_actor_user_id,
              note: `${formatNaira(Number(row.amount_kobo))} refunded${forStaff && row.reference ? `, reference ${row.reference}` : ''}`,
            } satisfies MoneyLine,
          ]
        : []),
    ]),
    ...(forStaff
      ? mismatched.map((row): MoneyLine => ({
          event: 'payment_mismatch',
          at: row.decided_at ?? row.created_at,
          by: 'customer',
          actor_user_id: null,
          note: `Asked ${formatNaira(Number(row.amount_kobo))} ${row.currency}, Paystack reported ${Number(row.reported_kobo ?? 0)} kobo ${row.reported_currency ?? ''} (reference ${row.reference}): not counted as paid`,
        }))
      : []),
  ];
  return {
    payment: paymentOf(shipment),
    receipts: payments.map((row) => ({
      number: row.receipt_number,
      amount_kobo: Number(row.amount_kobo),
      method: row.method,
      paid_at: row.paid_at.toISOString(),
      test_mode: row.test_mode,
    })),
    refunds,
    cancellation:
      shipment.status === 'ToInspect'
        ? await cancellationOf(db, shipment, feePercent, today)
        : null,
    mismatches: mismatched.map((row) => ({
      paystack_reference: row.reference,
      asked_kobo: Number(row.amount_kobo),
      reported_kobo: Number(row.reported_kobo ?? 0),
      reported_currency: row.reported_currency ?? '',
      at: (row.decided_at ?? row.created_at).toISOString(),
    })),
    lines,
  };
}
