/** The site's addresses that carry an order's reference, built in one place so links and redirects agree. */
const inPath = encodeURIComponent;

export const paths = {
  /** The public tracking view of one shipment. */
  packageDetails: (reference: string) => `/package-details?reference=${inPath(reference)}`,
  /** The customer's own order: history, offers, cancel and new dates. */
  order: (reference: string) => `/orders/${inPath(reference)}`,
  staffOrder: (reference: string) => `/staff/orders/${inPath(reference)}`,
  /** After a booking; without a reference the page still thanks, without the links. */
  /** The price or estimate the booking got rides along, for the page to repeat (README "Prices"). */
  thankYou: (reference?: string, priced?: { price?: { amount_kobo: number }; estimate?: { low_kobo: number; high_kobo: number } }) => {
    if (!reference) return '/thank-you';
    const price = priced?.price ? `&price=${priced.price.amount_kobo}` : '';
    const estimate = priced?.estimate ? `&low=${priced.estimate.low_kobo}&high=${priced.estimate.high_kobo}` : '';
    return `/thank-you?reference=${inPath(reference)}${price}${estimate}`;
  },
};
