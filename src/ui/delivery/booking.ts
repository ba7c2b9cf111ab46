import { paths } from '../paths';

/** The thank-you page shows the booking's reference, carried in the URL so a reload keeps it. */
export function thankYouPath(result: unknown): string {
  const data = (
    result as { data?: { reference_number?: unknown; price?: { amount_kobo: number } } } | null
  )?.data;
  const reference = data?.reference_number;
  return pricedThankYou(typeof reference === 'string' ? reference : undefined, {
    price: data?.price,
  });
}

/**
 * The thank-you page with the price or estimate the booking got, for the page to repeat
 * (docs/prices.md). Kept out of ../paths.ts, which the home page loads.
 */
export function pricedThankYou(
  reference: string | undefined,
  priced: { price?: { amount_kobo: number }; estimate?: { low_kobo: number; high_kobo: number } },
): string {
  if (!reference) return paths.thankYou();
  const price = priced.price ? `&price=${priced.price.amount_kobo}` : '';
  const estimate = priced.estimate
    ? `&low=${priced.estimate.low_kobo}&high=${priced.estimate.high_kobo}`
    : '';
  return `${paths.thankYou(reference)}${price}${estimate}`;
}
