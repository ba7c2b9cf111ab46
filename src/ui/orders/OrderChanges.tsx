/**
 * The owner's own changes to an order: Cancel while the server allows it (a reason is asked; a
 * paid order shows the cancellation fee and the refund, and asks again) and, while it is To
 * Inspect, Change dates (a delivery's pickup and delivery dates, a quote's inspection and moving
 * dates; an instant delivery has none). Runs orderChangesMachine with the real calls;
 * `onChanged` reloads the order.
 */
import { lazy, Suspense, useState } from 'react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/lazy';
import { acceptedOfferIdOf, type OrderDetail } from '../../api/contract/orders';
import { company, phoneLink } from '../../content/company';
import {
  orderChangesMachine,
  paidCancellation,
  type OrderKind,
} from '../../machines/orderChangesMachine';
import type { Values } from '../../machines/formFields';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';

/**
 * The forms of a cancel or a change of dates load once the customer asks for one: most visits
 * to an order page only read it (docs/architecture.md, "What a route loads").
 */
const OrderChangeForms = lazy(() =>
  import('./OrderChangeForms').then(({ OrderChangeForms }) => ({ default: OrderChangeForms })),
);

/** The order's dates under the reschedule call's names; null when it has none to move. */
function datesOf(order: OrderDetail): Values | null {
  const { details } = order;
  if (details.kind === 'quote') {
    return {
      date_of_inspection: details.date_of_inspection ?? '',
      moving_date: details.moving_date ?? '',
    };
  }
  if (order.service_type === 'instant_delivery') return null;
  return {
    pickup_date: details.pickup_date ?? '',
    delivery_date: details.receivers[0]?.delivery_date ?? '',
  };
}

/**
 * The server offers `cancellation` while the order can be cancelled; an order To Inspect whose
 * price was not accepted can always be.
 */
const cancellable = (order: OrderDetail) =>
  order.cancellation !== null ||
  (order.status === 'ToInspect' && order.offer?.state !== 'accepted');

export function OrderChanges({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const dates = datesOf(order);
  const kind: OrderKind = order.details.kind;
  const [input] = useState(() => ({
    reference: order.reference_number,
    kind,
    dates: dates ?? {},
    cancellation: paidCancellation(order),
    offerId: acceptedOfferIdOf(order),
  }));
  const { snapshot, send, busy } = useFlow<typeof orderChangesMachine>(
    orderChangesMachine,
    () => ({
      actors: {
        cancel: fromPromise(({ input }) =>
          ordersApi.cancelOrder(
            {
              reason: input.reason,
              ...(input.offerId === null ? {} : { offer_id: input.offerId }),
            },
            { id: input.reference },
          ),
        ),
        reschedule: fromPromise(({ input }) =>
          ordersApi.rescheduleOrder(input.dates, { id: input.reference }),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        changed: () => onChanged(),
      },
    }),
    input,
  );
  if (snapshot.matches('idle')) {
    return (
      <p className="actions">
        {dates && order.status === 'ToInspect' && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'reschedule.start' })}
          >
            Change dates
          </button>
        )}
        {!cancellable(order) ? (
          <span>
            You accepted the price: to cancel, call us on{' '}
            <a href={phoneLink}>{company.phoneDisplay}</a>.
          </span>
        ) : (
          <button
            type="button"
            className="button button-secondary button-danger-text"
            onClick={() => send({ type: 'cancel.start' })}
          >
            Cancel order
          </button>
        )}
      </p>
    );
  }
  return (
    <Suspense fallback={<p className="order-change">Loading...</p>}>
      <OrderChangeForms order={order} kind={kind} snapshot={snapshot} send={send} busy={busy} />
    </Suspense>
  );
}
