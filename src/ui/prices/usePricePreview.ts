/** Runs the price preview (src/machines/pricePreviewMachine.ts) beside a form: every change of `request` is priced at once. */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PriceRequest } from '../../api/pricing';
import { pricePreviewMachine } from '../../machines/pricePreviewMachine';
import { inspect } from '../inspector';
import { loadPublishedTariff } from './publishedTariff';

export function usePricePreview(request: PriceRequest) {
  const [logic] = useState(() =>
    pricePreviewMachine.provide({ actors: { loadTariff: fromPromise(loadPublishedTariff) } }),
  );
  const [snapshot, send] = useMachine(logic, { input: { request }, inspect });
  const key = JSON.stringify(request);
  useEffect(() => {
    send({ type: 'order.change', request: JSON.parse(key) as PriceRequest });
  }, [key, send]);
  return { snapshot, send, places: snapshot.context.tariff?.places ?? null };
}

export type PricePreview = ReturnType<typeof usePricePreview>;
