/**
 * The staff actions on an order: move its status (the moves the contract allows from here,
 * with an optional note; shipping with money outstanding asks twice), send a price offer
 * (amount in naira, note, valid-until), and the money (StaffMoney: office payments, office
 * refunds paid back). Each asks for confirmation before it is sent and shows the server's answer. Runs
 * staffOrderActionsMachine with the real calls; `onChanged` reloads the order.
 */
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { staffApi } from '../../api/lazy';
import { underFormNames } from './amountErrors';
import {
  formatNaira,
  formatRange,
  nextStatuses,
  statusLabels,
  todayInLagos,
} from '../../api/contract/rules';
import { acceptedOfferIdOf } from '../../api/contract/orders';
import { setStatusRequest, type StaffOrderDetail, nairaAmount } from '../../api/contract/staff';
import {
  offerForm,
  staffOrderActionsMachine,
  type Form,
} from '../../machines/staffOrderActionsMachine';
import type { Values } from '../../machines/formFields';
import { SelectField, TextAreaField, TextField } from '../components/Field';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { formatDay } from '../tracking/format';
import { Confirm } from './Confirm';
import { Waiting } from '../components/LoadStates';
import { NothingToPay, PaymentsPart } from './PaymentsPart';
import { lazyPart } from '../components/lazyPart';

// The money (where it stands, receipts, refunds and the office forms) loads only for an order
// that has some to show (docs/architecture.md, "What a route loads").
const StaffMoney = lazyPart(
  () => import('./StaffMoney').then(({ StaffMoney }) => StaffMoney),
  'The payments',
);

/** No price accepted, so nothing paid, refunded or reported by Paystack. */
const hasNoMoney = (order: StaffOrderDetail) =>
  order.payment === null &&
  !order.receipts.length &&
  !order.refunds.length &&
  !order.payment_mismatches.length;

async function sendOffer(reference: string, values: Values): Promise<string> {
  try {
    const { amount, ...rest } = offerForm.parse(values);
    const answer = await staffApi.staffSendOffer(
      { amount_kobo: amount, ...rest },
      { id: reference },
    );
    return answer.message;
  } catch (error) {
    throw underFormNames(error);
  }
}

/**
 * `acceptedShown`: the page showed the price the customer accepted, and the confirmation named it,
 * so a cancel says it saw it (`confirm_accepted`); a cancel from a page read before the customer
 * accepted is refused by the server instead.
 */
async function moveStatus(
  reference: string,
  values: Values,
  acceptedShown: boolean,
  confirmUnpaid: boolean,
): Promise<string> {
  const request = setStatusRequest.parse(values);
  const confirmed =
    acceptedShown && request.status === 'Cancelled' ? { confirm_accepted: true } : {};
  const unpaid = confirmUnpaid ? { confirm_unpaid: true } : {};
  const answer = await staffApi.staffSetStatus(
    { ...request, ...confirmed, ...unpaid },
    { id: reference },
  );
  return answer.message;
}

export function StaffActions({
  order,
  onChanged,
}: {
  order: StaffOrderDetail;
  onChanged: () => void;
}) {
  const [input] = useState({ reference: order.reference_number });
  // The order as the page shows it now (it is loaded again after each action), for the calls below.
  const shown = useRef(order);
  useEffect(() => {
    shown.current = order;
  });
  const { snapshot, send } = useFlow<typeof staffOrderActionsMachine>(
    staffOrderActionsMachine,
    () => ({
      actors: {
        moveStatus: fromPromise(({ input }) =>
          moveStatus(
            input.reference,
            input.values,
            shown.current.offer?.state === 'accepted',
            input.confirmUnpaid,
          ),
        ),
        sendOffer: fromPromise(({ input }) => sendOffer(input.reference, input.values)),
        // The money's forms are shown by StaffMoney, so their calls come with it.
        recordPayment: fromPromise(async ({ input }) =>
          (await import('./StaffMoney')).recordPayment(input.reference, input.values),
        ),
        markRefunded: fromPromise(async ({ input }) =>
          (await import('./StaffMoney')).markRefunded(input.reference, input.values),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        changed: () => onChanged(),
      },
    }),
    input,
  );
  const { forms, errors, notice } = snapshot.context;
  const moves = nextStatuses[order.status];
  // An accepted price is final unless staff correct it with a reason (the customer answers it).
  const acceptedId = acceptedOfferIdOf(order);
  const correcting = moves.length > 0 && acceptedId !== null;
  const offerClosed = moves.length === 0;
  const field = (form: Form, name: string) => ({
    value: forms[form][name] ?? '',
    errors: errors[form][name],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'field.change', form, name, value: event.target.value }),
  });
  const outstandingKobo = Math.max(order.payment?.balance_kobo ?? 0, 0);
  const submit =
    (type: 'offer.submit' | 'payment.submit' | 'refund.submit') => (event: FormEvent) => {
      event.preventDefault();
      send({ type });
    };
  const submitStatus = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'status.submit', outstandingKobo });
  };
  const amount = nairaAmount.safeParse(forms.offer.amount);

  return (
    <div className="staff-actions">
      <p className="staff-notice" role="status">
        {notice}
      </p>

      <section className="order-part" aria-labelledby="move-status">
        <h2 id="move-status">Move the status</h2>
        {moves.length === 0 ? (
          <p>This order is {statusLabels[order.status]}: its status cannot move any more.</p>
        ) : snapshot.matches('status') ? (
          snapshot.matches({ status: 'confirmingUnpaid' }) ? (
            <Confirm
              id="confirm-unpaid"
              yes="Yes, ship it unpaid"
              busy={false}
              busyLabel="Moving..."
              send={send}
            >
              <strong>{formatNaira(snapshot.context.outstandingKobo)}</strong> of the price of{' '}
              <span className="reference">{order.reference_number}</span> is not paid. Move it to
              Shipped anyway? The history records that you did.
            </Confirm>
          ) : (
            <Confirm
              id="confirm-status"
              yes="Yes, move it"
              busy={snapshot.matches({ status: 'sending' })}
              busyLabel="Moving..."
              send={send}
            >
              Move <span className="reference">{order.reference_number}</span> to{' '}
              <strong>{statusLabels[forms.status.status as keyof typeof statusLabels]}</strong>?
              {forms.status.status === 'Cancelled' && order.offer?.state === 'accepted'
                ? ` The customer accepted ${formatNaira(order.offer.amount_kobo)}: that job is cancelled too.`
                : ''}{' '}
              The customer is mailed.
            </Confirm>
          )
        ) : (
          <form className="staff-form" onSubmit={submitStatus} noValidate>
            <SelectField
              label="New status"
              required
              options={moves.map((status) => ({ value: status, label: statusLabels[status] }))}
              placeholder="Choose…"
              {...field('status', 'status')}
            />
            <TextAreaField label="Note (optional)" rows={2} {...field('status', 'note')} />
            <p className="actions">
              <button type="submit" className="button">
                Move status
              </button>
            </p>
          </form>
        )}
      </section>

      <section className="order-part" aria-labelledby="send-offer">
        <h2 id="send-offer">Send a price</h2>
        {order.estimate && (
          <p className="tariff-estimate">
            The tariff's estimate at booking:{' '}
            <strong>{formatRange(order.estimate.low_kobo, order.estimate.high_kobo)}</strong>{' '}
            (version {order.estimate.version}). Your offer after inspection is the final price.
          </p>
        )}
        {correcting && (
          <>
            <p>The customer accepted a price: it is final.</p>
            <p>
              If it was wrong (say, the address does not match the place the customer chose), send a
              corrected price with the reason. The customer accepts or declines it; until then,{' '}
              {order.payment ? formatNaira(order.payment.price_kobo) : 'the accepted price'} stands.
            </p>
          </>
        )}
        {offerClosed ? (
          <p>This order is closed.</p>
        ) : snapshot.matches('offer') ? (
          <Confirm
            id="confirm-offer"
            yes="Yes, send it"
            busy={snapshot.matches({ offer: 'sending' })}
            busyLabel="Sending..."
            send={send}
          >
            Send <span className="reference">{order.reference_number}</span>{' '}
            {correcting ? 'a corrected price' : 'an offer'} of{' '}
            <strong>{amount.success ? formatNaira(amount.data) : forms.offer.amount}</strong>, valid
            through {formatDay(forms.offer.valid_until ?? '')}? The customer is mailed
            {order.offer?.state === 'open' ? ', and it replaces the open offer' : ''}.
          </Confirm>
        ) : (
          <form className="staff-form" onSubmit={submit('offer.submit')} noValidate>
            <TextField
              label={correcting ? 'Corrected amount in naira' : 'Amount in naira'}
              required
              inputMode="decimal"
              autoComplete="off"
              hint="For example 185000 or 185,000.50"
              {...field('offer', 'amount')}
            />
            <TextField
              label="Valid until"
              type="date"
              required
              min={todayInLagos()}
              {...field('offer', 'valid_until')}
            />
            {correcting && (
              <TextAreaField
                label="Why the price is corrected"
                required
                rows={2}
                {...field('offer', 'correction')}
              />
            )}
            <TextAreaField
              label="Note to the customer (optional)"
              rows={2}
              {...field('offer', 'note')}
            />
            <p className="actions">
              <button type="submit" className="button">
                {correcting ? 'Send correction' : 'Send price'}
              </button>
            </p>
          </form>
        )}
      </section>

      {hasNoMoney(order) ? (
        <PaymentsPart>
          <NothingToPay />
        </PaymentsPart>
      ) : (
        <Suspense fallback={<Waiting>Loading the payments…</Waiting>}>
          <StaffMoney
            order={order}
            snapshot={snapshot}
            send={send}
            field={field}
            onSubmit={submit}
          />
        </Suspense>
      )}
    </div>
  );
}
