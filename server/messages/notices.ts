/**
 * What the order's use cases text, and to whom (docs/messages.md, "What is sent, and to whom"),
 * each inside the use case's own transaction, next to the mail it writes: a price to answer
 * (../orders/staff-offers.ts), a payment received (../money/payments.ts), a refund sent
 * (../money/refunds.ts), the status moves to Shipped, Delivered and Cancelled
 * (../orders/status-move.ts), a crew's window (../crews/assignment.ts), and the crews' handover
 * code and failed stop (../crews/stop-events.ts). The booking's own texts are written by its
 * statement (./booking-texts.ts).
 *
 * The customer is texted on the account's number and on the number their booking names when it
 * is another one, on the channels the account chose (users/preferences); a deleted account gets
 * nothing. A receiver is texted by SMS, only what their drop-off needs: that it is on its way,
 * with their own link. A number that opted out is texted nothing (but essential texts: the
 * crews' handover code). Each text names its event, so running a use case's notice twice texts no
 * one twice (./outbox.ts).
 */
import type { TextChannel } from '../../src/api/contract';
import type { DB } from '../db/database';
import { enqueueTexts, type NewText } from './outbox';
import {
  crewAssignedText,
  handoverCodeText,
  paymentReceivedText,
  priceToAnswerText,
  receiverOnTheWayText,
  refundSentText,
  statusChangedText,
  stopFailedText,
  trackLinkUrl,
  type TextContent,
} from './templates';
import { issueToken, type Audience } from './track-links';

interface Order {
  id: number;
  reference: string;
}

interface Recipient {
  recipient: string;
  channels: TextChannel[];
}

const optedOut = async (db: DB, numbers: string[]) =>
  numbers.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .selectFrom('text_opt_outs')
            .select('recipient')
            .where('recipient', 'in', numbers)
            .execute()
        ).map((row) => row.recipient),
      );

/** The customer's numbers on the order, each with the channels the account chose. */
async function customerRecipients(db: DB, shipmentId: number): Promise<Recipient[]> {
  const row = await db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .leftJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
    .leftJoin('quotes', 'quotes.shipment_id', 'shipments.id')
    .select([
      'users.phone',
      'users.deleted_at',
      'users.text_sms',
      'users.text_whatsapp',
      'deliveries.sender_phone',
      'quotes.mobile_phone',
    ])
    .where('shipments.id', '=', shipmentId)
    .executeTakeFirst();
  if (!row || row.deleted_at) return [];
  const channels: TextChannel[] = [
    ...(row.text_sms ? (['sms'] as const) : []),
    ...(row.text_whatsapp ? (['whatsapp'] as const) : []),
  ];
  const numbers = [...new Set([row.phone, row.sender_phone, row.mobile_phone])].filter(
    (number): number is string => Boolean(number),
  );
  if (channels.length === 0) return [];
  const out = await optedOut(db, numbers);
  return numbers.filter((number) => !out.has(number)).map((recipient) => ({ recipient, channels }));
}

/** The receivers' numbers on a delivery (one each, however many drop-offs it has), by SMS. */
async function receiverRecipients(db: DB, shipmentId: number): Promise<Recipient[]> {
  const rows = await db
    .selectFrom('delivery_receivers')
    .select('phone')
    .distinct()
    .where('shipment_id', '=', shipmentId)
    .where('phone', '!=', '')
    .execute();
  const numbers = rows.map((row) => row.phone);
  const out = await optedOut(db, numbers);
  return numbers
    .filter((number) => !out.has(number))
    .map((recipient) => ({ recipient, channels: ['sms'] }));
}

/**
 * Queues one event's text to each recipient, on each of their channels. `content` is the text,
 * or makes it from the recipient's private link (a token issued for that text).
 */
async function textEach(
  db: DB,
  order: Order,
  event: string,
  recipients: Recipient[],
  audience: Audience,
  content: TextContent | ((link: string) => TextContent),
): Promise<void> {
  if (recipients.length === 0) return;
  // Already texted (a use case run again): no new token, no new row.
  const done = new Set(
    (
      await db
        .selectFrom('texts')
        .select('recipient')
        .where('event', '=', event)
        .where(
          'recipient',
          'in',
          recipients.map((each) => each.recipient),
        )
        .execute()
    ).map((row) => row.recipient),
  );
  const texts: NewText[] = [];
  for (const { recipient, channels } of recipients) {
    if (done.has(recipient)) continue;
    const { template, text } =
      typeof content === 'function'
        ? content(trackLinkUrl(await issueToken(db, order.id, recipient, audience)))
        : content;
    for (const channel of channels)
      texts.push({ shipment_id: order.id, event, recipient, channel, template, body: text });
  }
  await enqueueTexts(db, texts);
}

const toCustomer = async (
  db: DB,
  order: Order,
  event: string,
  content: TextContent | ((link: string) => TextContent),
) => textEach(db, order, event, await customerRecipients(db, order.id), 'customer', content);

/** Staff sent a price (or corrected the accepted one): it waits for the customer's answer. */
export const textPriceToAnswer = (
  db: DB,
  order: Order,
  offerId: number,
  offer: { amount_kobo: number; valid_until: string },
) => toCustomer(db, order, `offer:${offerId}`, priceToAnswerText(order.reference, offer));

/** A payment arrived, online or at the office: its receipt number. */
export const textPaymentReceived = (
  db: DB,
  order: Order,
  paymentId: number,
  payment: { amount_kobo: number; receipt: string; test_mode: boolean },
) =>
  toCustomer(db, order, `payment:${paymentId}`, (link) =>
    paymentReceivedText(order.reference, payment, link),
  );

/** Staff gave the order a crew and a window, or a new one (`changeId`: the assignment change). */
export const textCrewAssigned = (
  db: DB,
  order: Order,
  changeId: number,
  window: { date: string; window_start: string; window_end: string },
) =>
  toCustomer(db, order, `assignment:${changeId}`, (link) =>
    crewAssignedText(order.reference, window, link),
  );

/** A refund was paid back. */
export const textRefundSent = (
  db: DB,
  order: Order,
  refundId: number,
  refund: { amount_kobo: number; how: 'card' | 'office' },
) =>
  toCustomer(db, order, `refund:${refundId}`, (link) =>
    refundSentText(order.reference, refund, link),
  );

/**
 * The order moved to Shipped, Delivered or Cancelled: the customer is told; on Shipped, each
 * receiver of a delivery is told it is on its way, with their own link.
 */
export async function textStatusChanged(
  db: DB,
  order: Order,
  status: 'ToInspect' | 'Shipped' | 'Delivered' | 'Cancelled',
): Promise<void> {
  if (status === 'ToInspect') return;
  await toCustomer(db, order, `status:${order.id}:${status}`, (link) =>
    statusChangedText(order.reference, status, link),
  );
  // With the crews, the handover code (and when the crew is due) reaches each receiver too, when
  // the crew taps On the way (`textHandoverCode`); this text still goes, with the receiver's link.
  if (status === 'Shipped') {
    await textEach(
      db,
      order,
      `on-the-way:${order.id}`,
      await receiverRecipients(db, order.id),
      'receiver',
      (link) => receiverOnTheWayText(order.reference, link),
    );
  }
}

/**
 * A drop-off's (or an unloading's) handover code, to the person receiving it, when the crew taps
 * On the way (docs/crews.md, "Handover codes"): by SMS, essential (sent even to a number that
 * opted out). `event` names this On the way, so a code sent again after a reassignment is a text
 * of its own. The code is in no log and no answer; the text's body is emptied once sent.
 */
export const textHandoverCode = (
  db: DB,
  order: Order,
  event: string,
  recipient: string,
  code: string,
  windowEnd: string,
) => {
  const { template, text } = handoverCodeText(order.reference, code, windowEnd);
  return enqueueTexts(db, [
    {
      shipment_id: order.id,
      event,
      recipient,
      channel: 'sms',
      template,
      body: text,
      essential: true,
    },
  ]);
};

/** The crew could not complete a stop (`event` names that failure): staff will arrange a new time. */
export const textStopFailed = (db: DB, order: Order, event: string) =>
  toCustomer(db, order, event, (link) => stopFailedText(order.reference, link));
