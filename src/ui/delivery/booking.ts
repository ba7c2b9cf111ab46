import { paths } from '../paths';

/** The thank-you page shows the booking's reference, carried in the URL so a reload keeps it. */
export function thankYouPath(result: unknown): string {
  const reference = (result as { data?: { reference_number?: unknown } } | null)?.data?.reference_number;
  return paths.thankYou(typeof reference === 'string' ? reference : undefined);
}
