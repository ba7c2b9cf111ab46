/**
 * The owner's own changes to an order: Cancel while the server allows it (a reason is asked; a
 * paid order shows the cancellation fee and the refund, and asks again) and, while it is To
 * Inspect, Change dates (a delivery's pickup and delivery dates, a quote's inspection and moving
 * dates; an instant delivery has none). The page shows the buttons; the flow behind them (its
 * machine and forms, ./OrderChangeFlow.tsx) loads with the first press: most visits to an order
 * page only read it (docs/architecture.md, "What a route loads").
 */
import { Suspense, useState } from 'react';
import type { OrderDetail } from '../../api/contract/orders';
import { company, phoneLink } from '../../content/company';
import type { Values } from '../../machines/formFields';
import { lazyPart } from '../components/lazyPart';

const OrderChangeFlow = lazyPart(
  () => import('./OrderChangeFlow').then(({ OrderChangeFlow }) => OrderChangeFlow),
  'The change form',
);

export type ChangeStart = 'cancel.start' | 'reschedule.start';

/** The order's dates under the reschedule call's names; null when it has none to move. */
export function datesOf(order: OrderDetail): Values | null {
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

/** Change dates and Cancel order, as the page first shows them and as the flow shows them again. */
export function ChangeButtons({
  order,
  onStart,
}: {
  order: OrderDetail;
  onStart: (start: ChangeStart) => void;
}) {
  const dates = datesOf(order);
  return (
    <p className="actions">
      {dates && order.status === 'ToInspect' && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onStart('reschedule.start')}
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
          onClick={() => onStart('cancel.start')}
        >
          Cancel order
        </button>
      )}
    </p>
  );
}

export function OrderChanges({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const [start, setStart] = useState<ChangeStart | null>(null);
  if (!start) return <ChangeButtons order={order} onStart={setStart} />;
  return (
    <Suspense fallback={<p className="order-change">Loading...</p>}>
      <OrderChangeFlow order={order} onChanged={onChanged} start={start} />
    </Suspense>
  );
}
