/**
 * The forms behind the order page's Cancel order and Change dates (./OrderChangeFlow.tsx runs their
 * machine): the cancel's reason, and for a paid order its fee and refund asked again; the new dates.
 */
import { Suspense, type FormEvent } from 'react';
import type { SnapshotFrom, EventFrom } from 'xstate';
import { formatNaira, todayInLagos } from '../../api/contract/rules';
import type { Cancellation, OrderDetail } from '../../api/contract/orders';
import type { orderChangesMachine, OrderKind } from '../../machines/orderChangesMachine';
import { TextAreaField, TextField } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';
import { lazyPart } from '../components/lazyPart';

/** Shown once the customer asks to cancel a paid order. */
const FeeReason = lazyPart(
  () => import('./FeeReason').then(({ FeeReason }) => FeeReason),
  'The fee’s reason',
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

export function OrderChangeForms({
  order,
  kind,
  snapshot,
  send,
  busy,
}: {
  order: OrderDetail;
  kind: OrderKind;
  snapshot: SnapshotFrom<typeof orderChangesMachine>;
  send: (event: EventFrom<typeof orderChangesMachine>) => void;
  busy: boolean;
}) {
  const { reason, errors } = snapshot.context;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'confirm' });
  };
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
