/**
 * /orders/:reference — the customer's own order: its details as sent, its timeline, its price
 * offer with Accept and Decline, its payment (Pay, receipts, refunds), Cancel while the server
 * allows it (showing the fee and the refund first) and, while it is To Inspect, Change dates. Another
 * customer's reference is "not found", as the server answers.
 */
import { Suspense, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ordersApi } from '../../api/orders';
import type { OrderDetail } from '../../api/contract/orders';
import { Link } from '../components/Link';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { usePageMeta } from '../components/PageMeta';
import { OrderFacts } from '../orders/OrderFacts';
import { OrderChanges } from '../orders/OrderChanges';
import { OrderHistory } from '../orders/OrderHistory';
import { SentDetails } from '../orders/SentDetails';
import { orderPageMachine } from '../../machines/orderPageMachine';
import { useOrder } from '../orders/useOrder';
import { Timeline } from '../tracking/Timeline';
import '../orders/orders.css';
import { lazyPart } from '../components/lazyPart';

// The offer's Accept and Decline (their machine and forms) load only for an order that has a
// price to answer (docs/architecture.md, "What a route loads").
const OfferPanel = lazyPart(
  () => import('../orders/OfferPanel').then(({ OfferPanel }) => OfferPanel),
  'The price',
);

// The Payment part (the money, Pay, receipts, refunds) loads only for an order that has money to
// show: a price was accepted.
const PaymentSection = lazyPart(
  () => import('../orders/PaymentSection').then(({ PaymentSection }) => PaymentSection),
  'The payment',
);

// Who is coming and the stops' proof load only for an order a crew is assigned to (docs/crews.md).
const CrewParts = lazyPart(
  () => import('../orders/CrewParts').then(({ CrewParts }) => CrewParts),
  'The crew’s visit',
);

const loadOrder = async (reference: string) =>
  (await ordersApi.order(undefined, { id: reference })).data;

function OrderView({
  order,
  reload,
  reloading,
}: {
  order: OrderDetail;
  reload: () => void;
  reloading: boolean;
}) {
  const [search, setSearch] = useSearchParams();
  // Paystack's checkout returns here with ?reference=: checked once, then forgotten, so a reload does not check it again.
  const afterPayment = () => {
    setSearch({}, { replace: true });
    reload();
  };
  const source = useMemo(
    () => ({
      status: order.status,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      history: order.history
        .filter((entry) => entry.event === 'status')
        .map((entry) => ({ status: entry.status, date: entry.at })),
    }),
    [order],
  );
  return (
    <div className="order" aria-busy={reloading || undefined}>
      <OrderFacts order={order} bookedLabel="Booked" />

      {(order.crew || order.stops.length > 0) && (
        <Suspense fallback={null}>
          <CrewParts crew={order.crew} stops={order.stops} />
        </Suspense>
      )}

      <section className="order-part" aria-labelledby="order-price">
        <h2 id="order-price">Price</h2>
        {order.offer ? (
          <Suspense fallback={<Waiting>Loading the price…</Waiting>}>
            <OfferPanel
              key={`${order.offer.id}-${order.offer.state}`}
              reference={order.reference_number}
              offer={order.offer}
              order={order}
              onChanged={reload}
            />
          </Suspense>
        ) : (
          <p>No price yet. We will send you one after the inspection, by email and here.</p>
        )}
      </section>

      {order.payment && (
        <Suspense fallback={<Waiting>Loading the payment…</Waiting>}>
          <PaymentSection
            order={order}
            payment={order.payment}
            returnedFrom={search.get('reference')}
            onPaid={afterPayment}
          />
        </Suspense>
      )}

      <section className="order-part" aria-labelledby="order-timeline">
        <h2 id="order-timeline">Timeline</h2>
        <Timeline source={source} headingId="order-timeline" />
        {(order.status === 'ToInspect' || order.cancellation) && (
          <OrderChanges key={order.updated_at} order={order} onChanged={reload} />
        )}
      </section>

      <section className="order-part" aria-labelledby="order-sent">
        <h2 id="order-sent">What you sent</h2>
        <SentDetails details={order.details} />
      </section>

      <section className="order-part" aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <OrderHistory history={order.history} headingId="order-history" owner />
      </section>
    </div>
  );
}

function Order({ reference }: { reference: string }) {
  const { snapshot, send, reload, order } = useOrder(orderPageMachine, reference, loadOrder);
  if (snapshot.matches('loading')) return <Waiting>Loading your order…</Waiting>;
  if (snapshot.matches('notFound')) {
    return (
      <div className="problem" role="alert">
        <h2>Order not found</h2>
        <p>
          We found no order <span className="reference">{reference}</span> on your account.
        </p>
        <p>
          <Link className="button" to="/profile">
            See your bookings
          </Link>
        </p>
      </div>
    );
  }
  if (snapshot.matches('failed'))
    return (
      <LoadFailed messages={snapshot.context.messages} onRetry={() => send({ type: 'retry' })} />
    );
  return order && <OrderView order={order} reload={reload} reloading={snapshot.hasTag('busy')} />;
}

export default function OrderPage() {
  const { reference = '' } = useParams();
  usePageMeta(`Order ${reference}`);
  return (
    <section className="page">
      <h1>Your order</h1>
      <Order key={reference} reference={reference} />
      <p>
        <Link to="/profile">Back to your bookings</Link>
      </p>
    </section>
  );
}
