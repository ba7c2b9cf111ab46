/**
 * The order page's Payment part, for an order that has money to show (a price was accepted):
 * where its money stands, Pay while there is a balance (or on the way back from the checkout, when
 * the payment is verified), the receipts and the refunds. Loaded only for such an order, so an
 * order without a price does not load it (docs/architecture.md, "What a route loads").
 */
import { Suspense } from 'react';
import type { OrderDetail, OrderPayment } from '../../api/contract/orders';
import { Waiting } from '../components/LoadStates';
import { owesPayment, PaymentFacts, Receipts, Refunds } from './Money';
import { lazyPart } from '../components/lazyPart';

// Paying (its machine and calls) loads only for an order with a balance to pay, or on the way back
// from the checkout (`?reference=`), when the payment is verified.
const PayPanel = lazyPart(
  () => import('./PayPanel').then(({ PayPanel }) => PayPanel),
  'The payment',
);

export function PaymentSection({
  order,
  payment,
  returnedFrom,
  onPaid,
}: {
  order: OrderDetail;
  payment: OrderPayment;
  /** Paystack's reference when the checkout has just returned here. */
  returnedFrom: string | null;
  onPaid: () => void;
}) {
  return (
    <section className="order-part" aria-labelledby="order-payment">
      <h2 id="order-payment">Payment</h2>
      <PaymentFacts payment={payment} />
      {(owesPayment(order) || returnedFrom) && (
        <Suspense fallback={<Waiting>Loading the payment…</Waiting>}>
          <PayPanel order={order} returnedFrom={returnedFrom} onChanged={onPaid} />
        </Suspense>
      )}
      <Receipts reference={order.reference_number} receipts={order.receipts} />
      <Refunds refunds={order.refunds} />
    </section>
  );
}
