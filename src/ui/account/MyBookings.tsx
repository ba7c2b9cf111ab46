/**
 * "My bookings" (beyond the spec): the customer's quotes and deliveries, newest first, each
 * linking to its tracking page and its order page, an open price offer with Accept and Decline,
 * a page at a time (Show more); loading, empty and error states from the orders machine.
 * Offline, the list as last seen, "Offline — as of 14:05" (kept for this session only:
 * src/api/lastSeen.ts).
 */
import { Suspense, useState } from 'react';
import { Link } from '../components/Link';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/orders';
import { loadMine, saveMine } from '../../api/lastSeen';
import { customerServiceLabels, statusLabels } from '../../api/contract/rules';
import type { Order } from '../../api/contract/orders';
import { ordersMachine, type OrdersPage } from '../../machines/ordersMachine';
import { OfflineMark } from '../components/OfflineMark';
import { inspect } from '../inspector';
import { formatLagosDate } from '../tracking/format';
import { paths } from '../paths';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { owesPayment } from '../orders/Money';
import { lazyPart } from '../components/lazyPart';

// The offer's Accept and Decline (their machine and forms) load only for an order that has a
// price to answer (docs/architecture.md, "What a route loads").
// Drawn only for a member without bookings: the others never download it (with the shapes every
// drawing is made of).
const EmptyBookingsArt = lazyPart(
  () => import('../illustrations/states').then(({ EmptyBookingsArt }) => EmptyBookingsArt),
  null,
);
const OfferPanel = lazyPart(
  () => import('../orders/OfferPanel').then(({ OfferPanel }) => OfferPanel),
  'The price',
);
// Paying (its machine and calls) loads only for an order with a balance to pay.
const PayPanel = lazyPart(
  () => import('../orders/PayPanel').then(({ PayPanel }) => PayPanel),
  'The payment',
);

const logic = ordersMachine.provide({
  actors: {
    loadOrders: fromPromise<OrdersPage, { cursor: string | null }>(async ({ input }) => {
      const page = await ordersApi.orders(undefined, {
        query: { cursor: input.cursor ?? undefined },
      });
      return { orders: page.data, nextCursor: page.next_cursor ?? null };
    }),
  },
  actions: { remember: (_, { orders }) => saveMine(orders) },
});

/** The list this customer last saw, if any. */
function lastSeenOrders() {
  const seen = loadMine<Order[]>();
  return seen && Array.isArray(seen.data) ? { orders: seen.data, fetchedAt: seen.fetchedAt } : null;
}

/**
 * One booking. An answer to its offer gives the order as the server now has it: the row shows it
 * at once (Pay after an accept, issue 35), and keeps the answered offer's words in view.
 */
function Booking({ listed }: { listed: Order }) {
  const [order, setOrder] = useState<Order>(listed);
  const [answered, setAnswered] = useState(false);
  return (
    <li className="booking">
      <Link
        className="reference"
        to={paths.packageDetails(order.reference_number)}
        aria-label={`Track ${order.reference_number}`}
      >
        {order.reference_number}
      </Link>
      <span>{customerServiceLabels[order.service_type]}</span>
      <time dateTime={order.created_at}>{formatLagosDate(order.created_at)}</time>
      <span className={`booking-status booking-status-${order.status}`}>
        {statusLabels[order.status]}
      </span>
      <Link
        to={paths.order(order.reference_number)}
        aria-label={`Details of ${order.reference_number}`}
      >
        Details
      </Link>
      {owesPayment(order) && (
        <div className="booking-offer">
          <Suspense fallback={<Waiting>Loading the payment…</Waiting>}>
            <PayPanel order={order} />
          </Suspense>
        </div>
      )}
      {order.offer && (order.offer.state === 'open' || answered) && (
        <div className="booking-offer">
          <Suspense fallback={<Waiting>Loading the price…</Waiting>}>
            <OfferPanel
              reference={order.reference_number}
              offer={listed.offer ?? order.offer}
              order={order}
              onAnswered={(now) => {
                setAnswered(true);
                setOrder({ ...order, ...now });
              }}
            />
          </Suspense>
        </div>
      )}
    </li>
  );
}

function BookingList({ orders }: { orders: Order[] }) {
  return (
    <ul className="bookings">
      {orders.map((order) => (
        <Booking key={order.reference_number} listed={order} />
      ))}
    </ul>
  );
}

export function MyBookings() {
  const [input] = useState(() => ({ lastSeen: lastSeenOrders() }));
  const [snapshot, send] = useMachine(logic, { input, inspect });
  const { orders, messages, asOf } = snapshot.context;
  return (
    <section className="account-section" aria-labelledby="my-bookings">
      <h2 id="my-bookings">My bookings</h2>
      {snapshot.matches('loading') && <Waiting>Loading your bookings…</Waiting>}
      {snapshot.matches('failed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {snapshot.matches('empty') && (
        <>
          <div className="state-art">
            <Suspense fallback={null}>
              <EmptyBookingsArt />
            </Suspense>
          </div>
          <p>
            No bookings yet. <Link to="/relocation">Get a relocation quote</Link> or{' '}
            <Link to="/delivery">book a delivery</Link>.
          </p>
        </>
      )}
      {snapshot.matches('offline') && asOf !== null && (
        <>
          <OfflineMark asOf={asOf} onRetry={() => send({ type: 'retry' })} />
          <BookingList orders={orders} />
        </>
      )}
      {snapshot.matches('listed') && <BookingList orders={orders} />}
      {snapshot.matches({ listed: 'moreFailed' }) && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {snapshot.matches('listed') &&
        snapshot.context.nextCursor !== null &&
        !snapshot.matches({ listed: 'moreFailed' }) && (
          <button
            type="button"
            className="button show-more"
            aria-busy={snapshot.hasTag('busy')}
            disabled={!snapshot.can({ type: 'more' })}
            onClick={() => send({ type: 'more' })}
          >
            {snapshot.hasTag('busy') ? 'Loading more…' : 'Show more'}
          </button>
        )}
    </section>
  );
}
