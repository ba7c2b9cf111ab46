/**
 * An order's price offer for its owner (the order page and My bookings): the amount
 * (₦185,000.00), the note and the last valid day, with Accept, and Decline, which asks for a
 * reason first. Accepted, declined and expired offers are shown as such. Each answer names the
 * offer shown; when staff replaced it meanwhile, the panel shows the new one with a notice
 * before anything is accepted. Accept first asks for confirmation naming the amount (issue 35).
 * Once answered, the words follow the order's real state (unpaid, paid, cancelled, refunded).
 * Runs offerDecisionMachine with the real calls; `onChanged` reloads the order around it, and
 * `onAnswered` hands the answered order to a list that shows it without a reload (My bookings).
 */
import { Suspense, useId, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/lazy';
import { formatNaira } from '../../api/contract/rules';
import {
  type Offer,
  type Order,
  type OrderDetail,
  offerStateLabels,
} from '../../api/contract/orders';
import { offerDecisionMachine } from '../../machines/offerDecisionMachine';
import { TextAreaField } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { formatDay } from '../tracking/format';
import './orders.css';
import { lazyPart } from '../components/lazyPart';

const AcceptConfirm = lazyPart(
  () => import('./AcceptConfirm').then((module) => module.default),
  'The confirmation',
);

interface OfferPanelProps {
  reference: string;
  offer: Offer;
  /** Loads the order again after an answer (the order page); My bookings keeps the panel's own state. */
  onChanged?: () => void;
  /** The order as the server answered an accept or decline (My bookings shows Pay from it at once). */
  onAnswered?: (order: OrderDetail) => void;
  /** The order's status and money, so the words after an answer follow its real state. */
  order?: Pick<Order, 'status' | 'payment'>;
}

/** What the customer reads under an accepted price, from the order's real state (issue 35). */
function acceptedText(order: Pick<Order, 'status' | 'payment'> | undefined): string {
  const payment = order?.payment;
  if (order?.status === 'Cancelled') {
    if (payment?.state === 'refunded')
      return 'You accepted this price. The order was cancelled and your money refunded.';
    if (payment?.state === 'refund_due')
      return 'You accepted this price. The order was cancelled; your refund is on its way.';
    return 'You accepted this price. The order was cancelled.';
  }
  if (!payment) return 'You accepted this price.';
  if (payment.state === 'paid') return 'You accepted this price and paid it. Thank you.';
  if (payment.state === 'part_paid')
    return 'You accepted this price. Pay the balance to confirm the job.';
  return 'You accepted this price. Pay it to confirm the job.';
}

function useOfferDecision({ reference, offer, onChanged, onAnswered }: OfferPanelProps) {
  const [input] = useState(() => ({ reference, offer }));
  return useFlow<typeof offerDecisionMachine>(
    offerDecisionMachine,
    () => ({
      actors: {
        accept: fromPromise(async ({ input }) => {
          const { data } = await ordersApi.acceptOffer(
            { offer_id: input.offerId },
            { id: input.reference },
          );
          if (data) onAnswered?.(data);
          return data;
        }),
        decline: fromPromise(async ({ input }) => {
          const { data } = await ordersApi.declineOffer(
            { offer_id: input.offerId, reason: input.reason },
            { id: input.reference },
          );
          if (data) onAnswered?.(data);
          return data;
        }),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        changed: () => onChanged?.(),
      },
    }),
    input,
  );
}

export function OfferPanel(props: OfferPanelProps) {
  const { reference, order } = props;
  const { snapshot, send, busy } = useOfferDecision(props);
  // Accept asks first, naming the amount (issue 35): the dialog only guards the tap that sends `accept`.
  const [confirming, setConfirming] = useState(false);
  // The offer the flow shows: the one given, or the one that replaced it meanwhile.
  const { offer } = snapshot.context;
  const headingId = useId();
  const amount = formatNaira(offer.amount_kobo);
  const onDecline = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'decline.confirm' });
  };
  const state = snapshot.matches('accepted')
    ? 'accepted'
    : snapshot.matches('declined')
      ? 'declined'
      : offer.state;

  return (
    <section className={`offer offer-${state}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {offerStateLabels[state]}: <span className="offer-amount">{amount}</span>
      </h3>
      {snapshot.hasTag('changed') && (
        <p className="offer-changed">
          <strong>The price has changed to {amount}.</strong> Check it before you accept.
        </p>
      )}
      {offer.correction && (
        <p className="offer-note">
          A correction of the price you accepted: {offer.correction.reason}
          {offer.state === 'open' ? '. Until you answer it, the price you accepted stands.' : ''}
        </p>
      )}
      {offer.note && <p className="offer-note">{offer.note}</p>}
      {snapshot.matches('open') || snapshot.matches('changed') || snapshot.matches('accepting') ? (
        <>
          <p>
            Valid through <time dateTime={offer.valid_until}>{formatDay(offer.valid_until)}</time>.
            Once you accept, the price is final.
          </p>
          <p className="actions">
            <button
              type="button"
              className="button"
              disabled={!snapshot.can({ type: 'accept' })}
              aria-busy={busy || undefined}
              aria-label={`Accept ${amount} for ${reference}`}
              onClick={() => setConfirming(true)}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? 'Accepting...' : 'Accept'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!snapshot.can({ type: 'decline' })}
              aria-label={`Decline ${amount} for ${reference}`}
              onClick={() => send({ type: 'decline' })}
            >
              Decline
            </button>
          </p>
        </>
      ) : null}
      {confirming && (
        <Suspense fallback={null}>
          <AcceptConfirm
            amount={amount}
            reference={reference}
            onAccept={() => {
              setConfirming(false);
              send({ type: 'accept' });
            }}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
      {snapshot.matches('declining') && (
        <form className="offer-decline" onSubmit={onDecline} noValidate>
          <TextAreaField
            label="Why are you declining?"
            required
            rows={3}
            value={snapshot.context.reason}
            errors={snapshot.context.errors.reason}
            onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
          />
          <p className="actions">
            <SubmitButton busy={busy} busyLabel="Declining...">
              Decline the offer
            </SubmitButton>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => send({ type: 'back' })}
            >
              Keep the offer
            </button>
          </p>
        </form>
      )}
      {snapshot.matches('accepted') && <p>{acceptedText(order)}</p>}
      {snapshot.matches('declined') && (
        <p>
          You declined this price{offer.decline_reason ? `: “${offer.decline_reason}”` : ''}.
          {order?.status === 'Cancelled' ? '' : ' We will be in touch.'}
        </p>
      )}
      {snapshot.matches('expired') && (
        <p>
          This offer was valid through {formatDay(offer.valid_until)}. Contact us for a new one.
        </p>
      )}
    </section>
  );
}
