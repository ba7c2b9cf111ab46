/** The site's addresses that carry an order's reference, built in one place so links and redirects agree. */
const inPath = encodeURIComponent;

export const paths = {
  /** The public tracking view of one shipment. */
  packageDetails: (reference: string) => `/package-details?reference=${inPath(reference)}`,
  /** The customer's own order: history, offers, cancel and new dates. */
  order: (reference: string) => `/orders/${inPath(reference)}`,
  staffOrder: (reference: string) => `/staff/orders/${inPath(reference)}`,
  /** The printable receipt of one payment, for the order's owner and for staff. */
  receipt: (reference: string, number: string) =>
    `/orders/${inPath(reference)}/receipts/${inPath(number)}`,
  /** After a booking; without a reference the page still thanks, without the links. */
  thankYou: (reference?: string) =>
    reference ? `/thank-you?reference=${inPath(reference)}` : '/thank-you',
};
