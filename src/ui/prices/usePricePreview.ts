/**
 * Runs the price preview (src/machines/pricePreviewMachine.ts) beside a form: every change of
 * `request` is priced at once, and the tariff is loaded on the customer's first touch, key or
 * scroll on the page (`customer.active`).
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PriceRequest } from '../../api/pricing';
import { pricePreviewMachine } from '../../machines/pricePreviewMachine';
import { inspect } from '../inspector';
import { loadPublishedTariff } from './publishedTariff';

/** What a customer does first on a page: a phone's touch or scroll, a mouse, a key, a focus. */
const FIRST_MOVES = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

export function usePricePreview(request: PriceRequest) {
  const [logic] = useState(() =>
    pricePreviewMachine.provide({ actors: { loadTariff: fromPromise(loadPublishedTariff) } }),
  );
  const [snapshot, send] = useMachine(logic, { input: { request }, inspect });
  const key = JSON.stringify(request);
  useEffect(() => {
    send({ type: 'order.change', request: JSON.parse(key) as PriceRequest });
  }, [key, send]);
  useEffect(() => {
    const started = () => {
      send({ type: 'customer.active' });
      stop();
    };
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      for (const move of FIRST_MOVES) window.removeEventListener(move, started, options);
    };
    for (const move of FIRST_MOVES) window.addEventListener(move, started, options);
    return stop;
  }, [send]);
  return { snapshot, send, places: snapshot.context.tariff?.places ?? null };
}

export type PricePreview = ReturnType<typeof usePricePreview>;
