/**
 * Paying for the accepted price on the owner's order page (docs/using-the-site.md, "Paying for an
 * order"): "Pay ₦485,000.00" for what is still to pay, progress while the payment starts and while
 * the server verifies it on return from the checkout (`?reference=`), then Paid; a declined or
 * abandoned payment can be tried again. Runs orderPaymentMachine with the real calls; leaving for
 * the checkout is a full navigation, since the checkout is another site (Paystack, or the test
 * gateway in test mode).
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/orders';
import { formatNaira } from '../../api/contract/rules';
import type { Order } from '../../api/contract/orders';
import { orderPaymentMachine } from '../../machines/orderPaymentMachine';
import { Waiting } from '../components/LoadStates';
import { SubmitButton } from '../components/SubmitButton';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { owesPayment } from './Money';
import './money.css';

async function verifyPayment(reference: string, paystackReference: string) {
  const answer = await ordersApi.verifyPayment(undefined, {
    id: reference,
    key: paystackReference,
  });
  return { paid: answer.data.paid, message: answer.message };
}

interface PayPanelProps {
  order: Pick<Order, 'reference_number' | 'payment' | 'status'>;
  /** The Paystack reference the checkout sent the browser back with (`?reference=`), or null. */
  returnedFrom?: string | null;
  /** After a verified payment (or not): the page forgets the reference and loads the order again. */
  onChanged?: () => void;
}

/** On the order page and in My bookings; the checkout always returns to the order page. */
export function PayPanel({ order, returnedFrom = null, onChanged }: PayPanelProps) {
  const [input] = useState(() => ({ reference: order.reference_number, returnedFrom }));
  const { snapshot, send, busy } = useFlow<typeof orderPaymentMachine>(
    orderPaymentMachine,
    () => ({
      actors: {
        startPayment: fromPromise(
          async ({ input }) =>
            (await ordersApi.startPayment(undefined, { id: input.reference })).data,
        ),
        verifyPayment: fromPromise(({ input }) =>
          verifyPayment(input.reference, input.paystackReference),
        ),
      },
      actions: {
        goToCheckout: (_, { url }) => window.location.assign(url),
        notifySuccess: (_, { message }) => notifySuccess(message),
        changed: () => onChanged?.(),
      },
    }),
    input,
  );

  if (snapshot.matches('verifying')) return <Waiting>Checking your payment…</Waiting>;
  if (!owesPayment(order)) return null;
  const balance = formatNaira(order.payment?.balance_kobo ?? 0);
  const failed = snapshot.matches('failed');
  return (
    <div className="pay">
      {failed && (
        <div className="problem" role="alert">
          {snapshot.context.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <p className="actions">
        <SubmitButton
          type="button"
          busy={busy}
          busyLabel={
            snapshot.matches('atCheckout') ? 'Opening the checkout…' : 'Starting your payment…'
          }
          onClick={() => send({ type: failed ? 'retry' : 'pay' })}
        >
          {failed ? `Try again: pay ${balance}` : `Pay ${balance}`}
        </SubmitButton>
      </p>
      {onChanged && (
        <p className="field-hint">
          By card, bank or USSD through Paystack. You can also pay by bank transfer or cash at our
          office.
        </p>
      )}
    </div>
  );
}
