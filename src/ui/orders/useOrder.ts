/**
 * Runs one order page's machine (the owner's or the staff's, orderPageMachine.ts) for one order
 * with its call: the snapshot, and `reload` for the flows that change the order.
 */
import { useCallback, useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderPageMachine } from '../../machines/orderPageMachine';
import { useFlow } from '../components/useFlow';

export function useOrder<TOrder>(
  machine: OrderPageMachine<TOrder>,
  reference: string,
  load: (reference: string) => Promise<TOrder>,
) {
  const [input] = useState({ reference });
  const { snapshot, send } = useFlow<OrderPageMachine<TOrder>>(
    machine,
    () => ({ actors: { loadOrder: fromPromise(({ input }) => load(input)) } }),
    input,
  );
  const reload = useCallback(() => send({ type: 'reload' }), [send]);
  return { snapshot, send, reload, order: snapshot.context.order };
}
