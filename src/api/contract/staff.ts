/**
 * An order as staff see it and what they do to it (docs/operations.md): move its status, send a
 * price, record a payment, mark a refund paid, review a handover. The lists are ./staffLists.
 */
import * as z from 'zod/mini';
import {
  date,
  define,
  formatNaira,
  optionalText,
  pastDate,
  requiredText,
  shipmentStatus,
} from './rules';
import { offer, officePaymentMethods, orderDetail, paymentStates } from './orders';
import { AMOUNT_FORMAT_MESSAGE, AMOUNT_REQUIRED_MESSAGE, nairaTyped } from './naira';
import { orderText } from './texts';
import { assignment } from './stops';

export { nairaTyped } from './naira';

export const MIN_OFFER_KOBO = 10_000;
export const MAX_OFFER_KOBO = 10_000_000_000;
export const AMOUNT_RANGE_MESSAGE = `The amount must be between ${formatNaira(MIN_OFFER_KOBO)} and ${formatNaira(MAX_OFFER_KOBO)}.`;

/** An amount on the wire: whole kobo within the offer range. */
export const amountKobo = z
  .number({ error: AMOUNT_REQUIRED_MESSAGE })
  .check(
    z.int(AMOUNT_FORMAT_MESSAGE),
    z.gte(MIN_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
    z.lte(MAX_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
  );

/** An offer's amount as staff type it. */
export const nairaAmount = nairaTyped(amountKobo);

/** A staff note beside a status move, an offer or an answer. */
const note = optionalText(1000, 'many');

/**
 * `confirm_accepted`: staff saw that the customer accepted a price and cancel the order anyway;
 * without it, cancelling an order whose price was accepted answers 409 (docs/operations.md, "What
 * happens to an order"), so a cancel sent on a page read before the customer accepted is refused.
 */
export const setStatusRequest = z.object({
  status: shipmentStatus,
  note,
  confirm_accepted: z.optional(z.boolean()),
  /**
   * Staff saw that the price is not fully paid and ship anyway: without it, moving an order with a
   * balance to Shipped answers 409 naming the amount outstanding; the history records it.
   */
  confirm_unpaid: z.optional(z.boolean()),
});

export const CORRECTION_REASON_MESSAGE = 'Please say why the accepted price is corrected.';
/**
 * A price, or (`correction`, with its reason) a correction of the price the customer already
 * accepted: the customer answers it as any offer; until then the accepted price stands.
 */
export const offerRequest = z.object({
  amount_kobo: amountKobo,
  note,
  valid_until: date('Please choose the last day the offer is valid.'),
  correction: z.optional(requiredText(CORRECTION_REASON_MESSAGE, 500)),
});

export const PAYMENT_AMOUNT_MESSAGE = 'Please enter the amount received in naira.';
export const PAYMENT_REFERENCE_MESSAGE =
  'Please enter the reference of the transfer or the cash receipt.';
export const PAID_ON_MESSAGE = 'Please choose the day the money was received.';
export const PAID_ON_FUTURE_MESSAGE = 'The day the money was received cannot be in the future.';
/**
 * Money staff received at the office (bank transfer or cash): whole kobo, their own reference,
 * and the day it arrived (Lagos). Part payments add up; more than the balance is refused.
 */
export const officePaymentRequest = z.object({
  amount_kobo: z
    .number({ error: PAYMENT_AMOUNT_MESSAGE })
    .check(
      z.int(AMOUNT_FORMAT_MESSAGE),
      z.gte(100, 'The amount must be at least ₦1.00.'),
      z.lte(MAX_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
    ),
  method: z.enum(officePaymentMethods, { error: 'Choose bank transfer or cash.' }),
  reference: requiredText(PAYMENT_REFERENCE_MESSAGE, 100),
  paid_on: pastDate(PAID_ON_MESSAGE, PAID_ON_FUTURE_MESSAGE),
});

export const REFUND_REFERENCE_MESSAGE =
  'Please enter the reference of the transfer that paid the refund.';
/** Staff paid an office refund back: the reference of their transfer (or cash slip). */
export const refundDoneRequest = z.object({
  reference: requiredText(REFUND_REFERENCE_MESSAGE, 100),
});

export const customer = z.object({ fullname: z.string(), email: z.string(), phone: z.string() });

/**
 * A Paystack payment that reported another amount or currency than was asked: recorded for
 * staff, never counted as paid.
 */
export const paymentMismatch = z.object({
  paystack_reference: z.string(),
  asked_kobo: z.number(),
  reported_kobo: z.number(),
  reported_currency: z.string(),
  at: z.string(),
});

export const staffOrderDetail = z.extend(orderDetail, {
  customer,
  offers: z.array(offer),
  payment_state: z._default(z.nullable(z.enum(paymentStates)), null),
  payment_mismatches: z._default(z.array(paymentMismatch), []),
  /** The order's texts, newest first (docs/messages.md). */
  messages: z._default(z.array(orderText), []),
  /** The crew and window it is assigned to (docs/crews.md), null until assigned. */
  assignment: z._default(z.nullable(assignment), null),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;
export const staffOrderResponse = z.object({ message: z.string(), data: staffOrderDetail });

export const staffCalls = define({
  staffOrder: {
    method: 'GET',
    path: 'staff/orders/{id}',
    body: 'none',
    auth: 'staff',
    request: null,
    response: staffOrderResponse,
    success: 'Order found',
    fallback: null,
  },
  staffSetStatus: {
    method: 'POST',
    path: 'staff/orders/{id}/status',
    body: 'json',
    auth: 'staff',
    request: setStatusRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  staffSendOffer: {
    method: 'POST',
    path: 'staff/orders/{id}/offer',
    body: 'json',
    auth: 'staff',
    request: offerRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  staffRecordPayment: {
    method: 'POST',
    path: 'staff/orders/{id}/payments',
    body: 'json',
    auth: 'staff',
    request: officePaymentRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  /** `{key}`: the refund's id. */
  staffRefundDone: {
    method: 'POST',
    path: 'staff/orders/{id}/refunds/{key}/done',
    body: 'json',
    auth: 'staff',
    request: refundDoneRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  /**
   * Staff looked at a handover made without the code (its photo and the receiver's name): the
   * order leaves Needs attention. `{key}`: the stop's id; answers the staff's order.
   */
  reviewHandover: {
    method: 'POST',
    path: 'staff/orders/{id}/stops/{key}/review',
    body: 'none',
    auth: 'staff',
    request: null,
    response: staffOrderResponse,
    success: 'Handover reviewed',
    fallback: null,
  },
});
