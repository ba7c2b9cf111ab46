/**
 * "My bookings" (beyond the spec): the customer's quotes and deliveries, newest first, each
 * linking to its tracking page; loading, empty and error states from the orders machine.
 */
import { Link } from '../components/Link';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { serviceTypeLabels, type Order } from '../../api/contract';
import { ordersMachine } from '../../machines/ordersMachine';
import { inspect } from '../inspector';
import { formatLagosDate, statusLabels } from '../tracking/format';
import { LoadFailed, Waiting } from '../components/LoadStates';

const logic = ordersMachine.provide({
  actors: { loadOrders: fromPromise<Order[]>(async () => (await api.orders(undefined)).data) },
});

function BookingList({ orders }: { orders: Order[] }) {
  return (
    <ul className="bookings">
      {orders.map((order) => (
        <li key={order.reference_number} className="booking">
          <Link
            className="reference"
            to={`/package-details?reference=${encodeURIComponent(order.reference_number)}`}
            aria-label={`Track ${order.reference_number}`}
          >
            {order.reference_number}
          </Link>
          <span>{serviceTypeLabels[order.service_type]}</span>
          <time dateTime={order.created_at}>{formatLagosDate(order.created_at)}</time>
          <span className={`booking-status booking-status-${order.status}`}>{statusLabels[order.status]}</span>
        </li>
      ))}
    </ul>
  );
}

export function MyBookings() {
  const [snapshot, send] = useMachine(logic, { inspect });
  const { orders, messages } = snapshot.context;
  return (
    <section className="account-section" aria-labelledby="my-bookings">
      <h2 id="my-bookings">My bookings</h2>
      {snapshot.matches('loading') && (
        <Waiting>Loading your bookings…</Waiting>
      )}
      {snapshot.matches('failed') && <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />}
      {snapshot.matches('empty') && (
        <p>
          No bookings yet. <Link to="/relocation">Get a relocation quote</Link> or{' '}
          <Link to="/delivery">book a delivery</Link>.
        </p>
      )}
      {snapshot.matches('listed') && <BookingList orders={orders} />}
    </section>
  );
}
