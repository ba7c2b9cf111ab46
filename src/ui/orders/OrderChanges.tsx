/**
 * The owner's own changes to an order: Cancel while the server allows it (a reason is asked; a
 * paid order shows the cancellation fee and the refund, and asks again) and, while it is To
 * Inspect, Change dates (a delivery's pickup and delivery dates, a quote's inspection and moving
 * dates; an instant delivery has none). Runs orderChangesMachine with the real calls;
 * `onChanged` reloads the order.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/lazy';
import { formatNaira, todayInLagos } from '../../api/contract/rules';
import { acceptedOfferIdOf, type Cancellation, type OrderDetail } from '../../api/contract/orders';
import { company, phoneLink } from '../../content/company';
import {
  orderChangesMachine,
  paidCancellation,
  type OrderKind,
} from '../../machines/orderChangesMachine';
import type { Values } from '../../machines/formFields';
import { TextAreaField, TextField } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';

/** Shown once the customer asks to cancel: loaded then, not with every order page. */
const FeeReason = lazy(() =>
  import('./FeeReason').then(({ FeeReason }) => ({ default: FeeReason })),
);

const dateFields: Record<OrderKind, { name: string; label: string }[]> = {
  delivery: [
    { name: 'pickup_date', label: 'Pickup date' },
    { name: 'delivery_date', label: 'Delivery date' },
  ],
  quote: [
    { name: 'date_of_inspection', label: 'Inspection date' },
    { name: 'moving_date', label: 'Moving date' },
  ],
};

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

/** The fee and the refund in words, the same before and at the second question. */
function CancellationMoney({ cancellation }: { cancellation: Cancellation }) {
  return (
    <dl className="money-facts cancel-money">
      <div>
        <dt>Cancellation fee</dt>
        <dd>{formatNaira(cancellation.fee_kobo)}</dd>
      </div>
      <div>
        <dt>We refund you</dt>
        <dd>{formatNaira(cancellation.refund_kobo)}</dd>
      </div>
    </dl>
  );
}

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
  const { reason, errors } = snapshot.context;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'confirm' });
  };

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
  const { cancellation } = snapshot.context;
  if (snapshot.matches({ cancelling: 'reviewing' }) && cancellation) {
    return (
      <div className="order-change confirm" role="group" aria-labelledby="cancel-review">
        <p id="cancel-review">
          Cancel <span className="reference">{order.reference_number}</span>? We keep a cancellation
          fee of <strong>{formatNaira(cancellation.fee_kobo)}</strong> and refund you{' '}
          <strong>{formatNaira(cancellation.refund_kobo)}</strong> within 7 business days, to the
          card you paid with or by bank transfer.
        </p>
        <CancellationMoney cancellation={cancellation} />
        <Suspense fallback={null}>
          <FeeReason order={order} cancellation={cancellation} />
        </Suspense>
        <p className="actions">
          <SubmitButton
            type="button"
            busy={busy}
            busyLabel="Cancelling..."
            className="button button-danger"
            onClick={() => send({ type: 'confirm' })}
          >
            Yes, cancel and refund {formatNaira(cancellation.refund_kobo)}
          </SubmitButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => send({ type: 'back' })}
          >
            Back
          </button>
        </p>
      </div>
    );
  }
  if (snapshot.matches('cancelling')) {
    return (
      <form className="order-change" onSubmit={onSubmit} noValidate aria-label="Cancel the order">
        {snapshot.context.notice && (
          <p className="problem" role="alert">
            {snapshot.context.notice}
          </p>
        )}
        {cancellation && (
          <>
            <p>You paid for this order. If you cancel now:</p>
            <CancellationMoney cancellation={cancellation} />
            <Suspense fallback={null}>
              <FeeReason order={order} cancellation={cancellation} />
            </Suspense>
          </>
        )}
        <TextAreaField
          label="Why are you cancelling?"
          required
          rows={3}
          value={reason}
          errors={errors.reason}
          onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
        />
        <p className="actions">
          <SubmitButton busy={busy} busyLabel="Cancelling..." className="button button-danger">
            Cancel the order
          </SubmitButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => send({ type: 'back' })}
          >
            Keep the order
          </button>
        </p>
      </form>
    );
  }
  if (snapshot.matches('rescheduling')) {
    return (
      <form className="order-change" onSubmit={onSubmit} noValidate aria-label="Change the dates">
        <div className="form-grid form-grid-2">
          {dateFields[kind].map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              type="date"
              min={todayInLagos()}
              required={kind === 'delivery'}
              value={snapshot.context.dates[name] ?? ''}
              errors={errors[name]}
              onChange={(event) => send({ type: 'date.change', name, value: event.target.value })}
            />
          ))}
        </div>
        <p className="actions">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save the new dates
          </SubmitButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => send({ type: 'back' })}
          >
            Back
          </button>
        </p>
      </form>
    );
  }
  return null;
}
