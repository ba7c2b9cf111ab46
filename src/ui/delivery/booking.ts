/** What every delivery booking does after success (SPEC sections 2 and 8). */
export const DELIVERY_CREATED = 'Delivery created successfully';
export const BULK_DELIVERY_CREATED = 'Bulk Delivery created successfully';

/** The thank-you page shows the booking's reference, carried in the URL so a reload keeps it. */
export function thankYouPath(result: unknown): string {
  const reference = (result as { data?: { reference_number?: unknown } } | null)?.data?.reference_number;
  return typeof reference === 'string' && reference ? `/thank-you?reference=${encodeURIComponent(reference)}` : '/thank-you';
}
