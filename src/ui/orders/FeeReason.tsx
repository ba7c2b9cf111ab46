/**
 * Why cancelling keeps a fee, or why it does not (issue 35): the 3-day rule of the terms and the
 * date it counts from, a move's moving date or a delivery's pickup date (docs/product.md,
 * server/money/refunds.ts). Shown beside the fee and the refund before the customer confirms.
 */
import type { Cancellation, OrderDetail } from '../../api/contract/orders';
import { Link } from '../components/Link';
import { formatDay } from '../tracking/format';

/** The day the fee counts from: the server's own when its preview gives one, else the order's job date. */
function feeDateOf(order: OrderDetail, cancellation: Cancellation): string | null {
  const given = (cancellation as { counts_from?: unknown }).counts_from;
  if (typeof given === 'string' && given) return given;
  const { details } = order;
  return (details.kind === 'quote' ? details.moving_date : details.pickup_date) ?? null;
}

export function FeeReason({
  order,
  cancellation,
}: {
  order: OrderDetail;
  cancellation: Cancellation;
}) {
  const date = feeDateOf(order, cancellation);
  const which = order.details.kind === 'quote' ? 'moving date' : 'pickup date';
  const day = date ? (
    <>
      the {which}, <time dateTime={date}>{formatDay(date)}</time>
    </>
  ) : (
    <>the {which}</>
  );
  return cancellation.fee_kobo > 0 ? (
    <p className="fee-reason">
      <strong>Why a fee?</strong> You are cancelling 3 days or fewer before {day}: the crew and
      truck booked for that day are hard to book again at such short notice. See our{' '}
      <Link to="/terms_and_conditions">terms</Link>.
    </p>
  ) : (
    <p className="fee-reason">
      No cancellation fee: you are cancelling more than 3 days before {day}.
    </p>
  );
}
