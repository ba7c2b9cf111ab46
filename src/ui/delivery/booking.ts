import { paths } from '../paths';

/** The thank-you page shows the booking's reference, carried in the URL so a reload keeps it. */
export function thankYouPath(result: unknown): string {
  const data = (result as { data?: { reference_number?: unknown; price?: { amount_kobo: number } } } | null)?.data;
  const reference = data?.reference_number;
  return paths.thankYou(typeof reference === 'string' ? reference : undefined, { price: data?.price });
}
