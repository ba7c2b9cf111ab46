/**
 * Why cancelling keeps a fee, or why it does not: the 3-day rule of the terms and the date it
 * counts from, a move's moving date or a delivery's pickup date, and the window a late reschedule
 * kept (docs/decisions/cancellation-fee.md). Shown beside the fee and the refund before the
 * customer confirms.
 */
import { todayInLagos } from '../../api/contract/rules';
import type { Cancellation, OrderDetail } from '../../api/contract/orders';
import { Link } from '../components/Link';
import { formatDay } from '../tracking/format';

/** The order's job date: a move's moving date, a delivery's pickup date. */
function jobDateOf({ details }: OrderDetail): string | null {
  return (details.kind === 'quote' ? details.moving_date : details.pickup_date) ?? null;
}

const FEE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** A fee on a date still more than 3 days away: a reschedule made inside the window kept it. */
const keptByReschedule = (date: string | null) =>
  date !== null && Date.parse(date) - Date.parse(todayInLagos()) > FEE_WINDOW_MS;

export function FeeReason({
  order,
  cancellation,
}: {
  order: OrderDetail;
  cancellation: Cancellation;
}) {
  const date = jobDateOf(order);
  const which = order.details.kind === 'quote' ? 'moving date' : 'pickup date';
  const day = date ? (
    <>
      the {which}, <time dateTime={date}>{formatDay(date)}</time>
    </>
  ) : (
    <>the {which}</>
  );
  const terms = <Link to="/terms_and_conditions">terms</Link>;
  if (cancellation.fee_kobo === 0)
    return (
      <p className="fee-reason">
        No cancellation fee: you are cancelling more than 3 days before {day}.
      </p>
    );
  return (
    <p className="fee-reason">
      <strong>Why a fee?</strong>{' '}
      {keptByReschedule(date) ? (
        'The dates were moved when the job was already 3 days away or less, so the fee of the date booked before still applies'
      ) : date ? (
        <>You are cancelling 3 days or fewer before {day}</>
      ) : (
        'This job has no later date: it counts from the day it was booked'
      )}
      : the crew and truck booked for it are hard to book again at such short notice. See our{' '}
      {terms}.
    </p>
  );
}
