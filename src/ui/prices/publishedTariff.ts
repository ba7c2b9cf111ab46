/**
 * The published tariff with its places, fetched once per visit and shared by every form (the
 * server also lets the browser keep it a minute). It travels as JSON beside the page, not in the
 * site's code, so the forms' first load stays small (docs/prices.md); the client that fetches it
 * (ky) loads with it, on the customer's first move (src/machines/pricePreviewMachine.ts).
 */
import type { PublishedTariff } from '../../api/contract/prices';

let loading: Promise<PublishedTariff> | null = null;

export function loadPublishedTariff(): Promise<PublishedTariff> {
  loading ??= import('../../api/prices')
    .then(({ pricesApi }) => pricesApi.tariff(undefined))
    .then(
      (answer) => answer.data,
      (error: unknown) => {
        // A failed load is tried again by the next form (or its Retry), not remembered.
        loading = null;
        throw error;
      },
    );
  return loading;
}
