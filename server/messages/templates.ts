/**
 * The text of every message to a phone (docs/messages.md, "What is sent"). Each fits one SMS
 * segment, 160 characters of the GSM-7 alphabet, with the longest values it can carry (the
 * longest reference, receipt number and amount, and a site origin of up to
 * `SITE_ORIGIN_BUDGET` characters): tests/api/texts.test.ts proves it for every template. So
 * no `₦` (not in GSM-7: a single one turns the whole text into UCS-2, 70 characters a segment):
 * amounts read `NGN 485,000`. Nothing a customer wrote goes into a text: a name or an address
 * could hold characters outside GSM-7, or pass for our words.
 *
 * Links are written with the mark `SITE` in place of the site's origin, which the sender writes
 * in as the text leaves (PUBLIC_URL, as for mail: docs/decisions/public-url-and-mail-links.md).
 */
import { SITE } from '../mail/messages';

export { SITE };

/** The longest site origin (PUBLIC_URL) the templates are measured with: https://www.relologistics.com.ng. */
export const SITE_ORIGIN_BUDGET = 32;

/** One SMS segment of GSM-7. */
export const SEGMENT = 160;

const FROM = 'Relo Logistics:';

export const templateNames = [
  'booking_received',
  'price_to_answer',
  'payment_received',
  'refund_sent',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'receiver_on_the_way',
  'crew_assigned',
  'handover_code',
  'stop_failed',
] as const;
export type TemplateName = (typeof templateNames)[number];

export interface TextContent {
  template: TemplateName;
  text: string;
}

/** `NGN 485,000`, or `NGN 485,000.50` when there are kobo. */
export function nairaForText(kobo: number): string {
  const naira = Math.trunc(kobo / 100);
  const rest = Math.abs(kobo % 100);
  const whole = new Intl.NumberFormat('en-NG').format(naira);
  return `NGN ${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The private tracking link of a token (served at /t/<token>, server/http/web.ts). */
export const trackLinkUrl = (token: string) => `${SITE}/t/${token}`;
/** The order's page on the site, where its customer answers a price (src/ui/routes.tsx). */
const orderPageUrl = (reference: string) => `${SITE}/orders/${encodeURIComponent(reference)}`;

/** To the customer: the booking is stored; its private link. */
export const bookingReceivedText = (reference: string, link: string): TextContent => ({
  template: 'booking_received',
  text: `${FROM} we received your booking ${reference}. Track it, and stop these texts, here: ${link}`,
});

/** To the customer: a price (or a corrected one) waits for their answer on the order's page. */
export const priceToAnswerText = (
  reference: string,
  offer: { amount_kobo: number; valid_until: string },
): TextContent => ({
  template: 'price_to_answer',
  text: `${FROM} price for ${reference}: ${nairaForText(offer.amount_kobo)}, valid through ${offer.valid_until}. Accept or decline: ${orderPageUrl(reference)}`,
});

/** To the customer: a payment arrived; its receipt number (the receipt itself is mailed). */
export const paymentReceivedText = (
  reference: string,
  payment: { amount_kobo: number; receipt: string; test_mode: boolean },
  link: string,
): TextContent => ({
  template: 'payment_received',
  text: `${FROM} ${payment.test_mode ? 'TEST ' : ''}received ${nairaForText(payment.amount_kobo)} for ${reference}. Receipt ${payment.receipt}. ${link}`,
});

/** To the customer: a refund was paid back, to their card or by the office. */
export const refundSentText = (
  reference: string,
  refund: { amount_kobo: number; how: 'card' | 'office' },
  link: string,
): TextContent => ({
  template: 'refund_sent',
  text: `${FROM} we refunded ${nairaForText(refund.amount_kobo)} for ${reference} ${refund.how === 'card' ? 'to your card' : 'by our office'}. ${link}`,
});

/** To the customer: the order moved to Shipped, Delivered or Cancelled. */
export const statusChangedText = (
  reference: string,
  status: 'Shipped' | 'Delivered' | 'Cancelled',
  link: string,
): TextContent =>
  ({
    Shipped: {
      template: 'order_shipped',
      text: `${FROM} ${reference} is on its way. Track it: ${link}`,
    },
    Delivered: {
      template: 'order_delivered',
      text: `${FROM} ${reference} has been delivered. Thank you for choosing us. ${link}`,
    },
    Cancelled: {
      template: 'order_cancelled',
      text: `${FROM} ${reference} has been cancelled. Any refund owed is on its way by mail. ${link}`,
    },
  })[status] as TextContent;

/**
 * To a receiver (a delivery's, or each of a bulk delivery's) when the order is Shipped: it is on
 * its way, with their own link. With the crews, the handover code follows when the crew taps On
 * the way (`handoverCodeText`).
 */
export const receiverOnTheWayText = (reference: string, link: string): TextContent => ({
  template: 'receiver_on_the_way',
  text: `${FROM} a delivery for you (${reference}) is on its way. Follow it here: ${link}`,
});

/** To the customer: a crew and a window (Lagos time) for the order, or a new window. */
export const crewAssignedText = (
  reference: string,
  window: { date: string; window_start: string; window_end: string },
  link: string,
): TextContent => ({
  template: 'crew_assigned',
  text: `${FROM} our crew comes for ${reference} on ${window.date}, ${window.window_start}-${window.window_end}. Track it: ${link}`,
});

/**
 * To the person receiving a drop-off or an unloading (docs/crews.md, "Handover codes"), when the
 * crew taps On the way: when the crew is due (its window's end, `HH:MM` Lagos time) and the code
 * they give the crew only once they hold their goods. Essential:
 * sent even to a number that opted out. Its body is emptied once sent, as every text's is.
 */
export const handoverCodeText = (
  reference: string,
  code: string,
  windowEnd: string,
): TextContent => ({
  template: 'handover_code',
  text: `${FROM} our crew is on the way with ${reference}, due by ${windowEnd}. Your handover code is ${code}. Give it to the crew only once you have your goods.`,
});

/** To the customer: the crew could not complete a stop; staff will arrange a new time. */
export const stopFailedText = (reference: string, link: string): TextContent => ({
  template: 'stop_failed',
  text: `${FROM} the crew could not complete a stop of ${reference}. We will call to set a new time. ${link}`,
});

// ---------------------------------------------------------------------------------------------
// GSM-7 (3GPP TS 23.038): what one SMS segment can carry.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two septets (an escape and itself). */
const GSM7_EXTENSION = '^{}\\[~]|€\f';

/** The septets `text` takes in GSM-7, or null when a character is not in the alphabet. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) length += 1;
    else if (GSM7_EXTENSION.includes(character)) length += 2;
    else return null;
  }
  return length;
}

/** Whether `text` fits one SMS segment. */
export const fitsOneSegment = (text: string) => {
  const length = gsm7Length(text);
  return length !== null && length <= SEGMENT;
};
