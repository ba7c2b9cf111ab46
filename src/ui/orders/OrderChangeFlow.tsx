/**
 * The owner's changes once asked for (./OrderChanges.tsx draws the buttons until then): runs
 * orderChangesMachine with the real calls, starting with the change asked for, and keeps running
 * (what was typed stays) when the customer goes back to the buttons. `onChanged` reloads the order.
 */
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { ordersApi } from '../../api/lazy';
import { acceptedOfferIdOf, type OrderDetail } from '../../api/contract/orders';
import {
  orderChangesMachine,
  paidCancellation,
  type OrderKind,
} from '../../machines/orderChangesMachine';
import { useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';
import { OrderChangeForms } from './OrderChangeForms';
import { ChangeButtons, datesOf, type ChangeStart } from './OrderChanges';

export function OrderChangeFlow({
  order,
  onChanged,
  start,
}: {
  order: OrderDetail;
  onChanged: () => void;
  /** The button that loaded the flow: it starts there. */
  start: ChangeStart;
}) {
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
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send({ type: start });
  }, [send, start]);

  if (snapshot.matches('idle'))
    return <ChangeButtons order={order} onStart={(type) => send({ type })} />;
  return <OrderChangeForms order={order} kind={kind} snapshot={snapshot} send={send} busy={busy} />;
}
