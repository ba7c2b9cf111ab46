/**
 * /orders/:reference/receipts/:number — one payment's receipt, for the order's owner and for
 * staff (docs/using-the-site.md, "Paying for an order"): the company's name and address, the
 * customer, the order, the amount in naira, the method and the date and time in Lagos time. It
 * prints on one A4 page: printing leaves out the site's header, footer and buttons (receipt.css). A
 * payment made in test mode prints TEST on its receipt.
 */
import { useParams } from 'react-router-dom';
import { ordersApi } from '../../api/orders';
import { formatNaira, customerServiceLabels } from '../../api/contract/rules';
import type { Receipt } from '../../api/contract/orders';
import { receiptPageMachine } from '../../machines/orderPageMachine';
import { Link } from '../components/Link';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { usePageMeta } from '../components/PageMeta';
import { methodLabel, TestMark } from '../orders/Money';
import { useOrder } from '../orders/useOrder';
import { paths } from '../paths';
import { Session } from '../session';
import './receipt.css';

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <div className="receipt-head">
        <div>
          <p className="receipt-company">{receipt.company.name}</p>
          <p className="receipt-address">{receipt.company.address}</p>
          <p className="receipt-address">{receipt.company.registration}</p>
        </div>
        <div className="receipt-number">
          <h1 id="receipt-title">Receipt</h1>
          <p>{receipt.number}</p>
        </div>
      </div>
      {receipt.test_mode && (
        <p className="receipt-test" role="note">
          <TestMark /> Made in test mode: no real money moved, and this receipt is not a record of a
          payment.
        </p>
      )}
      <p className="receipt-amount">
        <span>Amount received</span>
        <strong>{formatNaira(receipt.amount_kobo)}</strong>
      </p>
      <dl className="receipt-facts">
        <div>
          <dt>Received from</dt>
          <dd>
            {receipt.customer.fullname}
            <br />
            {receipt.customer.email}
            <br />
            {receipt.customer.phone}
          </dd>
        </div>
        <div>
          <dt>For order</dt>
          <dd>
            <span className="reference">{receipt.order.reference_number}</span>
            <br />
            {customerServiceLabels[receipt.order.service_type]}, price{' '}
            {formatNaira(receipt.order.price_kobo)}
          </dd>
        </div>
        {receipt.order.declared_value_kobo != null && (
          <div>
            <dt>Declared value</dt>
            <dd>{formatNaira(receipt.order.declared_value_kobo)}</dd>
          </div>
        )}
        <div>
          <dt>Method</dt>
          <dd>{methodLabel(receipt.method)}</dd>
        </div>
        <div>
          <dt>Payment reference</dt>
          <dd className="reference">{receipt.payment_reference}</dd>
        </div>
        <div>
          <dt>Date and time (Lagos)</dt>
          <dd>
            <time dateTime={receipt.paid_at}>{receipt.paid_at_lagos}</time>
          </dd>
        </div>
      </dl>
      <p className="receipt-thanks">Thank you for your payment.</p>
    </article>
  );
}

function ReceiptLoader({ reference, number }: { reference: string; number: string }) {
  const load = async () =>
    (await ordersApi.receipt(undefined, { id: reference, key: number })).data;
  const { snapshot, send, order: receipt } = useOrder(receiptPageMachine, reference, load);
  if (snapshot.matches('loading')) return <Waiting>Loading receipt {number}…</Waiting>;
  if (snapshot.matches('notFound')) {
    return (
      <div className="problem" role="alert">
        <h1>Receipt not found</h1>
        <p>
          We found no receipt <span className="reference">{number}</span> for order{' '}
          <span className="reference">{reference}</span>.
        </p>
      </div>
    );
  }
  if (snapshot.matches('failed'))
    return (
      <LoadFailed messages={snapshot.context.messages} onRetry={() => send({ type: 'retry' })} />
    );
  return receipt && <ReceiptSheet receipt={receipt} />;
}

export default function ReceiptPage() {
  const { reference = '', number = '' } = useParams();
  const isStaff = Session.useSelector((snapshot) => snapshot.context.session?.role === 'staff');
  usePageMeta(`Receipt ${number}`);
  const back = isStaff ? paths.staffOrder(reference) : paths.order(reference);
  return (
    <section className="page receipt-page">
      <ReceiptLoader key={`${reference}/${number}`} reference={reference} number={number} />
      <p className="actions receipt-actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <Link to={back}>Back to the order</Link>
      </p>
    </section>
  );
}
