/**
 * /staff/orders/:reference — one order laid out for the job: the customer and their contact,
 * everything they sent (addresses, rooms, floors, services, dates, description, receivers,
 * photos), the price offers, the history (who did what, when), the texts sent about it, and the
 * actions: move the status, send a price, assign a crew, review a handover made without the code.
 */
import { Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { staffApi } from '../../api/staff';
import { offerStateLabels } from '../../api/contract/orders';
import { formatNaira, isFinalStatus } from '../../api/contract/rules';
import type { StaffOrderDetail } from '../../api/contract/staff';
import { Link } from '../components/Link';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { OrderFacts } from '../orders/OrderFacts';
import { OrderHistory } from '../orders/OrderHistory';
import { SentDetails } from '../orders/SentDetails';
import { staffOrderPageMachine } from '../../machines/orderPageMachine';
import { useOrder } from '../orders/useOrder';
import { StaffActions } from '../staff/StaffActions';
import { StaffLayout } from '../staff/StaffLayout';
import { OrderTexts } from '../staff/OrderTexts';
import { formatDay, formatLagosDate } from '../tracking/format';
import '../orders/orders.css';
import { lazyPart } from '../components/lazyPart';

// The assignment form, the crews and the crew calls load only when staff open it: this route's
// first load stays within its size budget (docs/architecture.md, "What a route loads").
const AssignmentForm = lazyPart(
  () => import('../staff/AssignmentForm').then(({ AssignmentForm }) => AssignmentForm),
  'The assignment form',
);

// The stops with their proof, and the review of a handover without the code, likewise: only for
// an order that has stops.
const StaffStops = lazyPart(
  () => import('../staff/StaffStops').then(({ StaffStops }) => StaffStops),
  'The stops',
);

const loadOrder = async (reference: string) =>
  (await staffApi.staffOrder(undefined, { id: reference })).data;

function Offers({ order }: { order: StaffOrderDetail }) {
  if (!order.offers.length) return <p>No price sent yet.</p>;
  return (
    <ul className="offers">
      {order.offers.map((offer) => (
        <li key={offer.id} className={`offer-badge-${offer.state}`}>
          <strong>{formatNaira(offer.amount_kobo)}</strong> · {offerStateLabels[offer.state]} ·
          valid through {formatDay(offer.valid_until)} · sent{' '}
          <time dateTime={offer.created_at}>{formatLagosDate(offer.created_at)}</time>
          {offer.note && <p className="history-note">Note: {offer.note}</p>}
          {offer.decline_reason && (
            <p className="history-note">Declined because: “{offer.decline_reason}”</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The crew and window the order is assigned to (docs/crews.md), and the form to assign it. */
function AssignmentPart({ order, reload }: { order: StaffOrderDetail; reload: () => void }) {
  // null until first opened; false after a close, which gives the focus back to the button.
  const [open, setOpen] = useState<boolean | null>(null);
  const { assignment } = order;
  return (
    <section className="order-part" aria-labelledby="staff-assignment">
      <h2 id="staff-assignment">Crew</h2>
      <p>
        {assignment ? (
          <>
            Assigned to <strong>{assignment.crew_name}</strong> on {formatDay(assignment.date)},{' '}
            {assignment.window_start}–{assignment.window_end}.
          </>
        ) : (
          'No crew yet.'
        )}
      </p>
      {open ? (
        <Suspense fallback={<Waiting>Loading the assignment form…</Waiting>}>
          <AssignmentForm
            reference={order.reference_number}
            current={assignment}
            onAssigned={reload}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        !isFinalStatus(order.status) && (
          <p className="actions">
            <button
              type="button"
              className="button"
              autoFocus={open === false}
              onClick={() => setOpen(true)}
            >
              {assignment ? 'Change the crew' : 'Assign a crew'}
            </button>
          </p>
        )
      )}
    </section>
  );
}

function StaffOrder({
  order,
  reload,
  reloading,
}: {
  order: StaffOrderDetail;
  reload: () => void;
  reloading: boolean;
}) {
  return (
    <div className="order staff-order" aria-busy={reloading || undefined}>
      <OrderFacts order={order} bookedLabel="Created" staff>
        <div>
          <dt>Customer</dt>
          <dd>
            {order.customer.fullname}
            <br />
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            <br />
            <a href={`tel:${order.customer.phone}`}>{order.customer.phone}</a>
          </dd>
        </div>
      </OrderFacts>

      <StaffActions order={order} onChanged={reload} />

      <AssignmentPart order={order} reload={reload} />

      {order.stops.length > 0 && (
        <Suspense fallback={<Waiting>Loading the stops…</Waiting>}>
          <StaffStops reference={order.reference_number} stops={order.stops} onReviewed={reload} />
        </Suspense>
      )}

      <section className="order-part" aria-labelledby="staff-offers">
        <h2 id="staff-offers">Price offers</h2>
        <Offers order={order} />
      </section>

      <section className="order-part" aria-labelledby="staff-sent">
        <h2 id="staff-sent">What the customer sent</h2>
        <SentDetails details={order.details} />
      </section>

      <section className="order-part" aria-labelledby="staff-history">
        <h2 id="staff-history">History</h2>
        <OrderHistory history={order.history} headingId="staff-history" />
      </section>

      <section className="order-part" aria-labelledby="staff-texts">
        <h2 id="staff-texts">Texts</h2>
        <OrderTexts texts={order.messages} />
      </section>
    </div>
  );
}

function StaffOrderLoader({ reference }: { reference: string }) {
  const { snapshot, send, reload, order } = useOrder(staffOrderPageMachine, reference, loadOrder);
  if (snapshot.matches('loading')) return <Waiting>Loading {reference}…</Waiting>;
  if (snapshot.matches('notFound')) {
    return (
      <div className="problem" role="alert">
        <p>
          No order <span className="reference">{reference}</span>.
        </p>
        <p>
          <Link to="/staff">Back to the orders</Link>
        </p>
      </div>
    );
  }
  if (snapshot.matches('failed'))
    return (
      <LoadFailed messages={snapshot.context.messages} onRetry={() => send({ type: 'retry' })} />
    );
  return order && <StaffOrder order={order} reload={reload} reloading={snapshot.hasTag('busy')} />;
}

export default function StaffOrderPage() {
  const { reference = '' } = useParams();
  return (
    <StaffLayout title={`Order ${reference}`}>
      <StaffOrderLoader key={reference} reference={reference} />
    </StaffLayout>
  );
}
