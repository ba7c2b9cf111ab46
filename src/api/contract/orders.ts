import * as z from 'zod/mini';
import { landmarkNote, orderStop, visibleCrew } from './stops';
import {
  date,
  define,
  errorResponse,
  inspectionNotAfterMoving,
  messageResponse,
  deliveryNotBeforePickup,
  optionalDate,
  orderEstimate,
  orderPrice,
  requiredText,
  serviceTypes,
  shipmentStatus,
} from './rules';

/**
 * A price offer as the customer sees it: `open` until answered or past its last valid day
 * (`expired`); `replaced` when staff sent a newer one before an answer.
 */
export const offerStates = ['open', 'accepted', 'declined', 'expired', 'replaced'] as const;
export type OfferState = (typeof offerStates)[number];
export const offerStateLabels: Record<OfferState, string> = {
  open: 'Price offered',
  accepted: 'Price accepted',
  declined: 'Price declined',
  expired: 'Offer expired',
  replaced: 'Replaced by a newer offer',
};

/**
 * Where an order's money stands (docs/operations.md, "Payments"), derived from its payment and
 * refund rows: nothing paid of an accepted price, part of it, all of it; more paid than owed, or a
 * cancelled order's money still to go back; and all of that given back.
 */
export const paymentStates = ['unpaid', 'part_paid', 'paid', 'refund_due', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];
/** @public The website's words for each state (the money pages). */
export const paymentStateLabels: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** How staff record money received at the office; online payments are `card` or Paystack's channel. */
export const officePaymentMethods = ['bank_transfer', 'cash'] as const;
export type OfficePaymentMethod = (typeof officePaymentMethods)[number];
export const paymentMethodLabels: Record<string, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  bank: 'Bank (online)',
  ussd: 'USSD',
  mobile_money: 'Mobile money',
};

/**
 * A refund: `due` until it is sent; a card refund is `processing` while Paystack carries it out,
 * `done` once Paystack says it was processed or staff marked an office refund paid.
 */
export const refundStates = ['due', 'processing', 'done'] as const;
export type RefundState = (typeof refundStates)[number];
/** `card`: back through Paystack to the card; `office`: staff pay it back by transfer or cash. */
export const refundRoutes = ['card', 'office'] as const;

export const DECLINE_REASON_MESSAGE = 'Please tell us why you are declining.';
export const CANCEL_REASON_MESSAGE = 'Please tell us why you are cancelling.';
/**
 * Accept and decline name the offer the customer saw: another id than the order's open offer
 * answers 409 with the order as it is now, so a price the customer did not see is never accepted.
 */
export const OFFER_ID_MESSAGE =
  'Say which price you are answering: reload the order and try again.';
const offerId = z
  .number({ error: OFFER_ID_MESSAGE })
  .check(
    z.int({ error: OFFER_ID_MESSAGE }),
    z.positive({ error: OFFER_ID_MESSAGE }),
    z.lte(2 ** 31 - 1, { error: OFFER_ID_MESSAGE }),
  );
export const acceptOfferRequest = z.object({ offer_id: offerId }, { error: OFFER_ID_MESSAGE });
export const declineOfferRequest = z.object(
  { offer_id: offerId, reason: requiredText(DECLINE_REASON_MESSAGE, 1000, 'many') },
  { error: OFFER_ID_MESSAGE },
);
/**
 * `offer_id` names the accepted offer the customer's page showed (none when it showed no
 * accepted price): a cancel of an order with an accepted price it does not name answers 409
 * with the order as it is now, so a cancel and an accept at the same moment never both win.
 */
export const cancelOrderRequest = z.object({
  reason: requiredText(CANCEL_REASON_MESSAGE, 1000, 'many'),
  offer_id: z.optional(offerId),
});

/**
 * New dates of a scheduled or bulk delivery (every receiver of a bulk delivery gets the new
 * delivery date); an instant delivery has none to move.
 */
export const rescheduleDeliveryRequest = z
  .object({
    pickup_date: date('Please choose a pickup date.'),
    delivery_date: date('Please choose a delivery date.'),
  })
  .check(z.superRefine(deliveryNotBeforePickup));

export const RESCHEDULE_QUOTE_MESSAGE = 'Please choose an inspection date or a moving date.';
/** New dates of a quote, under the quote's own names; the pair sent replaces the stored one. */
export const rescheduleQuoteRequest = z
  .object({
    date_of_inspection: optionalDate('Please choose an inspection date.'),
    moving_date: optionalDate('Please choose your moving date.'),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.date_of_inspection && !value.moving_date) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_of_inspection'],
          message: RESCHEDULE_QUOTE_MESSAGE,
        });
      }
    }),
    z.superRefine(inspectionNotAfterMoving),
  );

/**
 * The wire of `users/orders/{reference}/reschedule`: a delivery's pair or a quote's pair. The
 * server checks the body with the schema of the order's kind (above), so messages stay per field.
 */
export const rescheduleRequest = z.object({
  pickup_date: z.optional(z.string().check(z.maxLength(32))),
  delivery_date: z.optional(z.string().check(z.maxLength(32))),
  date_of_inspection: z.optional(z.string().check(z.maxLength(32))),
  moving_date: z.optional(z.string().check(z.maxLength(32))),
});

export const offer = z.object({
  id: z.number(),
  amount_kobo: z.number(),
  note: z.nullable(z.string()),
  /** YYYY-MM-DD, Lagos time: the offer can be accepted through that day. */
  valid_until: z.string(),
  state: z.enum(offerStates),
  created_at: z.string(),
  /** When the customer accepted or declined it. */
  decided_at: z.nullable(z.string()),
  decline_reason: z.nullable(z.string()),
  /**
   * Staff correcting a price the customer already accepted (say, an instant price from a place
   * that does not match the address): the accepted offer it corrects and why. Until the customer
   * answers it, the accepted price stands; accepted, it is the order's price.
   */
  correction: z.optional(z.nullable(z.object({ offer_id: z.number(), reason: z.string() }))),
});
export type Offer = z.infer<typeof offer>;

/**
 * The accepted offer an order page shows, which a cancel names (`cancelOrderRequest`): the offer
 * itself once accepted, or the accepted one an open or accepted correction stands over; null
 * when no price is accepted.
 */
export function acceptedOfferIdOf(order: { offer: Offer | null }): number | null {
  const { offer } = order;
  if (!offer) return null;
  if (offer.state === 'accepted') return offer.id;
  return offer.correction?.offer_id ?? null;
}

/**
 * An order's money, in kobo: the accepted price, what was paid and refunded, and the balance
 * (price − paid + refunded while the order stands; a cancelled order owes nothing, and minus its
 * balance is what it is still owed back: paid − fee − refunded).
 */
export const orderPayment = z.object({
  state: z.enum(paymentStates),
  price_kobo: z.number(),
  paid_kobo: z.number(),
  refunded_kobo: z.number(),
  balance_kobo: z.number(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const order = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  created_at: z.string(),
  /** The newest offer that was not replaced (open, accepted, declined or expired), if any. */
  offer: z._default(z.nullable(offer), null),
  /** A delivery priced from the tariff at booking (its offer is then already accepted). */
  price: z._default(z.nullable(orderPrice), null),
  /** A move's estimate from the tariff at booking; staff's offer after inspection is the final price. */
  estimate: z._default(z.nullable(orderEstimate), null),
  /** Null until a price is accepted (and nothing was ever paid). */
  payment: z._default(z.nullable(orderPayment), null),
  /** What the customer declared the goods are worth, if they did (the limit of liability, issue 35). */
  declared_value_kobo: z.optional(z.nullable(z.number())),
});
export type Order = z.infer<typeof order>;
/** GET users/orders?cursor=: newest first, at most ORDERS_PAGE_SIZE a page; `next_cursor` is null on the last page. */
export const ORDERS_PAGE_SIZE = 50;
export const ordersQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });
export const ordersResponse = z.object({
  message: z.string(),
  data: z.array(order),
  next_cursor: z.nullish(z.string()),
});

export const historyEvents = [
  'status',
  'offer_sent',
  'offer_accepted',
  'offer_declined',
  'rescheduled',
  /** Money received (online or at the office): the note says how much, how and the receipt. */
  'payment_received',
  /** Paystack reported another amount or currency than asked: recorded, never counted as paid. */
  'payment_mismatch',
  'refund_due',
  'refund_sent',
  'refund_done',
  /** The day's work (docs/crews.md): assigned to a crew, and each thing a crew member records at a stop. */
  'crew_assigned',
  'on_the_way',
  'arrived',
  'picked_up',
  'delivered',
  'stop_failed',
  /** Staff reviewed a handover the crew made without the code (docs/crews.md, "Needs attention"). */
  'handover_reviewed',
] as const;
/** Who did it: the customer, a staff member, the ops command (the ops token), or a crew member. */
export const actors = ['customer', 'staff', 'ops', 'crew'] as const;

/** One line of an order's history: what happened, the status after it, who, when, and the note or reason. */
export const historyEntry = z.object({
  event: z.enum(historyEvents),
  status: shipmentStatus,
  at: z.string(),
  by: z.enum(actors),
  /** The staff member's name, in the staff view only. */
  by_name: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A quote as sent, under the quote form's own names; `photos` are links for staff and the owner. */
export const quoteDetails = z.object({
  kind: z.literal('quote'),
  moving_from_address: z.string(),
  /** The landmark notes the customer gave with the addresses (issue 37). */
  moving_from_landmark: landmarkNote,
  moving_from_apartment_type: z.string(),
  number_of_room_moving_from: z.string(),
  aptFloor: z.string(),
  moving_to_address: z.string(),
  moving_to_landmark: landmarkNote,
  moving_to_apartment_type: z.string(),
  number_of_room_moving_to: z.string(),
  toAptFloor: z.string(),
  full_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  mobile_phone: z.nullable(z.string()),
  /** Service ids, comma-separated as sent (see relocationServices for the labels). */
  Services: z.string(),
  date_of_inspection: z.nullable(z.string()),
  moving_date: z.nullable(z.string()),
  description: z.nullable(z.string()),
  photos: z.array(z.string()),
});

/** Any delivery as sent: the sender, and one receiver (instant, scheduled) or several (bulk). */
export const deliveryDetails = z.object({
  kind: z.literal('delivery'),
  pickup_address: z.string(),
  /** The landmark notes the customer gave with the addresses (issue 37). */
  pickup_landmark: landmarkNote,
  sender_fullname: z.string(),
  sender_phone: z.string(),
  pickup_date: z.nullable(z.string()),
  description: z.string(),
  receivers: z.array(
    z.object({
      address: z.string(),
      landmark: landmarkNote,
      name: z.string(),
      phone: z.string(),
      delivery_date: z.nullable(z.string()),
    }),
  ),
});

/** A receipt line of an order: one per payment. */
export const receiptSummary = z.object({
  /** RCT-<year>-<6 digits>, sequential per year (Lagos). */
  number: z.string(),
  amount_kobo: z.number(),
  /** `card`, `bank_transfer`, `cash`, or the channel Paystack reported (`bank`, `ussd`…). */
  method: z.string(),
  paid_at: z.string(),
  /** Paid in test mode (the built-in test gateway or a Paystack test key): no real money, shown as TEST. */
  test_mode: z.optional(z.boolean()),
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;

export const refund = z.object({
  id: z.number(),
  /** What goes back, after the fee. */
  amount_kobo: z.number(),
  /** The cancellation fee kept from the payment this refund returns. */
  fee_kobo: z.number(),
  state: z.enum(refundStates),
  route: z.enum(refundRoutes),
  /** YYYY-MM-DD, Lagos: 7 business days after it fell due. */
  due_by: z.string(),
  /** Past due_by and not done. */
  overdue: z.boolean(),
  done_at: z.nullable(z.string()),
  /** Staff's transfer reference of an office refund, Paystack's refund id of a card one. */
  reference: z.nullable(z.string()),
});
export type Refund = z.infer<typeof refund>;

/** What cancelling now would keep as a fee and give back, in kobo (both 0 when nothing was paid). */
export const cancellation = z.object({ fee_kobo: z.number(), refund_kobo: z.number() });
export type Cancellation = z.infer<typeof cancellation>;

export const orderDetail = z.extend(order, {
  updated_at: z.string(),
  details: z.discriminatedUnion('kind', [quoteDetails, deliveryDetails]),
  history: z.array(historyEntry),
  receipts: z._default(z.array(receiptSummary), []),
  refunds: z._default(z.array(refund), []),
  /** Present while the order can be cancelled (by this reader), null otherwise. */
  cancellation: z._default(z.nullable(cancellation), null),
  /** Where the crew picks up and hands over, each with its state and, once done, its proof (docs/crews.md). */
  stops: z._default(z.array(orderStop), []),
  /** Who is coming, from one hour before the window until delivery; null otherwise. */
  crew: z._default(z.nullable(visibleCrew), null),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderResponse = z.object({ message: z.string(), data: orderDetail });

/** An online payment started: the browser goes to `authorization_url` (Paystack's checkout). */
export const startPaymentResponse = z.object({
  message: z.string(),
  data: z.object({ authorization_url: z.string(), reference: z.string() }),
});

/**
 * What the Paystack payment `reference` came to, as the server verified it: `pending` while
 * Paystack has no outcome yet, `paid` (counted), `failed` (declined or abandoned: pay again, a
 * new attempt), `mismatch` (another amount or currency than asked: staff look into it); and the
 * order's money after it.
 */
export const paymentAttemptStates = ['pending', 'paid', 'failed', 'mismatch'] as const;
export const verifyPaymentResponse = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    state: z.enum(paymentAttemptStates),
    paid: z.boolean(),
    payment: z.nullable(orderPayment),
    /** The receipt of this payment once it is paid. */
    receipt: z.nullable(z.string()),
  }),
});

/** Everything the printable receipt shows (one A4 page); times are ISO, shown in Lagos time. */
export const receipt = z.object({
  number: z.string(),
  amount_kobo: z.number(),
  method: z.string(),
  /** Paystack's reference of a card payment, staff's reference of an office one. */
  payment_reference: z.string(),
  paid_at: z.string(),
  /** The same moment written out in Lagos time ("25 November 2026, 14:05 WAT"). */
  paid_at_lagos: z.string(),
  /** Paid in test mode (the built-in test gateway or a Paystack test key): no real money, printed as TEST. */
  test_mode: z.optional(z.boolean()),
  company: z.object({ name: z.string(), registration: z.string(), address: z.string() }),
  customer: z.object({ fullname: z.string(), email: z.string(), phone: z.string() }),
  order: z.object({
    reference_number: z.string(),
    service_type: z.enum(serviceTypes),
    price_kobo: z.number(),
    declared_value_kobo: z.optional(z.nullable(z.number())),
  }),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = z.object({ message: z.string(), data: receipt });

/**
 * The 409 of an answer to an offer that is not the order's open one (replaced by a new price,
 * already answered, expired, or the order is final): the usual error body and the order as it
 * is now, its current offer included, so the page shows the new price without another call.
 */
export const offerConflictResponse = z.extend(errorResponse, { order: orderDetail });
export type OfferConflictBody = z.infer<typeof offerConflictResponse>;

export const orderCalls = define({
  orders: {
    method: 'GET',
    path: 'users/orders',
    body: 'none',
    auth: 'bearer',
    request: null,
    query: ordersQuery,
    response: ordersResponse,
    success: 'Orders found',
    fallback: null,
  },
  order: {
    method: 'GET',
    path: 'users/orders/{id}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: orderResponse,
    success: 'Order found',
    fallback: null,
  },
  acceptOffer: {
    method: 'POST',
    path: 'users/orders/{id}/offer/accept',
    body: 'json',
    auth: 'bearer',
    request: acceptOfferRequest,
    response: orderResponse,
    success: 'Offer accepted',
    fallback: null,
    conflict: offerConflictResponse,
  },
  declineOffer: {
    method: 'POST',
    path: 'users/orders/{id}/offer/decline',
    body: 'json',
    auth: 'bearer',
    request: declineOfferRequest,
    response: orderResponse,
    success: 'Offer declined',
    fallback: null,
    conflict: offerConflictResponse,
  },
  cancelOrder: {
    method: 'POST',
    path: 'users/orders/{id}/cancel',
    body: 'json',
    auth: 'bearer',
    request: cancelOrderRequest,
    response: orderResponse,
    success: 'Order cancelled',
    fallback: null,
    conflict: offerConflictResponse,
  },
  rescheduleOrder: {
    method: 'POST',
    path: 'users/orders/{id}/reschedule',
    body: 'json',
    auth: 'bearer',
    request: rescheduleRequest,
    response: orderResponse,
    success: 'Dates changed',
    fallback: null,
  },
  startPayment: {
    method: 'POST',
    path: 'users/orders/{id}/payments',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: startPaymentResponse,
    success: 'Payment started',
    fallback: null,
  },
  /** `{key}`: the Paystack reference the checkout sent the browser back with. */
  verifyPayment: {
    method: 'GET',
    path: 'users/orders/{id}/payments/{key}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: verifyPaymentResponse,
    success: null,
    fallback: null,
  },
  /** `{key}`: the receipt number. The owner, or staff (their session or the ops token). */
  receipt: {
    method: 'GET',
    path: 'users/orders/{id}/receipts/{key}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: receiptResponse,
    success: 'Receipt found',
    fallback: null,
  },
  /**
   * Paystack's events (`charge.success`, `refund.processed`), signed with `x-paystack-signature`
   * (HMAC-SHA512 of the raw body): 200 once handled or already handled, 401 unsigned or
   * mis-signed. The body is checked against Paystack's event shapes after the signature
   * (server/money/paystack-schemas.ts), so no request schema here.
   */
  paystackWebhook: {
    method: 'POST',
    path: 'payments/paystack/webhook',
    body: 'json',
    auth: 'none',
    request: null,
    response: messageResponse,
    success: null,
    fallback: null,
  },
});
