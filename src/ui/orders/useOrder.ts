/**
 * Runs orderPageMachine for one order with the given call (the owner's or the staff's): the
 * snapshot, and `reload` for the flows that change the order.
 */
import { useCallback, useState } from 'react';
import { fromPromise } from 'xstate';
import { orderPageMachine } from '../../machines/orderPageMachine';
import { useFlow } from '../components/useFlow';

export function useOrder<T>(reference: string, load: (reference: string) => Promise<T>) {
  const [input] = useState({ reference });
  const { snapshot, send } = useFlow<typeof orderPageMachine>(
    orderPageMachine,
    () => ({ actors: { loadOrder: fromPromise(({ input }) => load(input)) } }),
    input,
  );
  const reload = useCallback(() => send({ type: 'reload' }), [send]);
  return { snapshot, send, reload, order: snapshot.context.order as T | null };
}
