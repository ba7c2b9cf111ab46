/**
 * An order's money as its owner and staff read it (docs/using-the-site.md, "Paying for an order"):
 * price, paid, refunded and balance with the payment state, the receipts (each a link to its
 * printable page) and the refunds with their state and the day they are due by.
 */
import type { ReactNode } from 'react';
import { formatNaira } from '../../api/contract/rules';
import {
  type Order,
  type OrderPayment,
  type ReceiptSummary,
  type Refund,
  paymentMethodLabels,
  paymentStateLabels,
  type RefundState,
} from '../../api/contract/orders';
import { Link } from '../components/Link';
import { paths } from '../paths';
import { formatDay, formatLagosDate } from '../tracking/format';
import './money.css';

/** Whether the order has money to pay now: a price accepted, a balance left, and the order not cancelled. */
export const owesPayment = (order: Pick<Order, 'payment' | 'status'>) =>
  order.payment !== null && order.payment.balance_kobo > 0 && order.status !== 'Cancelled';

export const methodLabel = (method: string) => paymentMethodLabels[method] ?? method;

export function PaymentFacts({ payment }: { payment: OrderPayment }) {
  return (
    <dl className="money-facts">
      <div>
        <dt>Payment</dt>
        <dd>
          <span className={`payment-badge payment-badge-${payment.state}`}>
            {paymentStateLabels[payment.state]}
          </span>
        </dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{formatNaira(payment.price_kobo)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatNaira(payment.paid_kobo)}</dd>
      </div>
      {payment.refunded_kobo > 0 && (
        <div>
          <dt>Refunded</dt>
          <dd>{formatNaira(payment.refunded_kobo)}</dd>
        </div>
      )}
      <div>
        <dt>{payment.balance_kobo < 0 ? 'Owed back' : 'Still to pay'}</dt>
        <dd>{formatNaira(Math.abs(payment.balance_kobo))}</dd>
      </div>
    </dl>
  );
}

/** A payment made in test mode (no real money moved): shown as TEST wherever the payment is. */
export function TestMark() {
  return (
    <strong className="test-mark" title="Made in test mode: no real money moved">
      TEST
    </strong>
  );
}

export function Receipts({
  reference,
  receipts,
}: {
  reference: string;
  receipts: ReceiptSummary[];
}) {
  if (!receipts.length) return null;
  return (
    <>
      <h3>Receipts</h3>
      <ul className="money-list">
        {receipts.map((receipt) => (
          <li key={receipt.number}>
            {receipt.test_mode && <TestMark />}{' '}
            <Link to={paths.receipt(reference, receipt.number)}>{receipt.number}</Link> ·{' '}
            {formatNaira(receipt.amount_kobo)} · {methodLabel(receipt.method)} ·{' '}
            <time dateTime={receipt.paid_at}>{formatLagosDate(receipt.paid_at)}</time>
          </li>
        ))}
      </ul>
    </>
  );
}

const refundStateLabels: Record<RefundState, string> = {
  due: 'Due',
  processing: 'On its way',
  done: 'Refunded',
};

/** `action(refund)`: what staff can do on a refund (Mark refunded), nothing for the owner. */
export function Refunds({
  refunds,
  action,
}: {
  refunds: Refund[];
  action?: (refund: Refund) => ReactNode;
}) {
  if (!refunds.length) return null;
  return (
    <>
      <h3>Refunds</h3>
      <ul className="money-list">
        {refunds.map((refund) => (
          <li key={refund.id} className={refund.overdue ? 'refund-overdue' : undefined}>
            <strong>{formatNaira(refund.amount_kobo)}</strong>
            {refund.fee_kobo > 0 && (
              <> (cancellation fee {formatNaira(refund.fee_kobo)} kept)</>
            )} · {refundStateLabels[refund.state]}
            {refund.state === 'done' && refund.done_at ? (
              <>
                {' '}
                on <time dateTime={refund.done_at}>{formatLagosDate(refund.done_at)}</time>
              </>
            ) : (
              <>
                {' '}
                · due by {formatDay(refund.due_by)}
                {refund.overdue && <strong> · overdue</strong>}
              </>
            )}
            {refund.route === 'card' ? ' · to the card' : ' · by transfer or cash'}
            {action?.(refund)}
          </li>
        ))}
      </ul>
    </>
  );
}
