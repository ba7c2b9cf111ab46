import * as z from 'zod/mini';
import {
  calendarDate,
  date,
  isCalendarDate,
  define,
  formatNaira,
  optionalText,
  pastDate,
  preprocess,
  requiredText,
  serviceTypes,
  shipmentStatus,
  shipmentStatuses,
} from './rules';
import { offer, officePaymentMethods, order, orderDetail, paymentStates, refund } from './orders';
import { AMOUNT_FORMAT_MESSAGE, AMOUNT_REQUIRED_MESSAGE, nairaTyped } from './naira';
import { orderText } from './texts';
import { assignment } from './crewSchemas';

export { nairaTyped } from './naira';

export const applicationStatuses = ['new', 'contacted', 'hired', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  hired: 'Hired',
  rejected: 'Rejected',
};

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
 * without it, cancelling an order whose price was accepted answers 409 (docs: README "What
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

/** Query strings leave a filter empty (`status=`): the same as leaving it out. */
const filter = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

export const PAGE_SIZE = 50;
const paging = {
  /** Opaque to callers: the `next_cursor` of the page before. */
  cursor: filter(
    z
      .string()
      .check(
        z.regex(/^\d{1,12}$/, 'This page link is not valid: start again from the first page.'),
      ),
  ),
  limit: filter(
    z.coerce
      .number({ error: `Ask for 1 to ${PAGE_SIZE} rows.` })
      .check(z.int(), z.gte(1), z.lte(PAGE_SIZE, `Ask for 1 to ${PAGE_SIZE} rows.`)),
  ),
};

/** The queue's payment filter: a payment state, or `owing` (unpaid or part paid: an accepted price not fully paid). */
export const queuePaymentStates = [...paymentStates, 'owing'] as const;

/** The queue's status filter: one status, or `open` (To Inspect or Shipped: not final). */
export const queueStatuses = [...shipmentStatuses, 'open'] as const;
/** Where an order's price stands: none to answer (no open or accepted offer), waiting for the customer, or waiting and ending today. */
export const priceFilters = ['none', 'awaiting', 'expiring_today'] as const;
export type PriceFilter = (typeof priceFilters)[number];
/** `created`: newest first by default; `job_date`: the pickup or moving date, soonest first by default, undated last. */
export const queueSorts = ['created', 'job_date'] as const;

/**
 * A queue cursor is the last row seen: its id (`123`), or with `sort=job_date` its job date and id
 * (`2026-11-25~123`, or `~123` for an order without a date).
 */
const QUEUE_CURSOR = /^(\d{1,12}|(\d{4}-\d{2}-\d{2})?~\d{1,12})$/;

/** The largest id of an `integer` column, which row ids are (server/http/address.ts checks other lists' cursors against it). */
const ROW_ID_MAX = 2 ** 31 - 1;
const isRowId = (text: string) => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= ROW_ID_MAX;

/**
 * Whether `cursor` names a place in the queue sorted by `sort`: an id a row can have, and by job
 * date a day of the calendar (or none). The shape alone let `2027-02-30~5`, `~99999999999` and
 * `2026-11-27~0` through to PostgreSQL, which refused them: a 500.
 */
function isQueueCursor(cursor: string, sort: (typeof queueSorts)[number] = 'created') {
  if (sort === 'created') return isRowId(cursor);
  const [day, id, ...more] = cursor.split('~');
  return (
    more.length === 0 &&
    id !== undefined &&
    isRowId(id) &&
    (day === '' || (day !== undefined && isCalendarDate(day)))
  );
}
const INVALID_PAGE_LINK = 'This page link is not valid: start again from the first page.';

export const staffOrdersQuery = z
  .object({
    status: filter(z.enum(queueStatuses, { error: 'Choose a status from the list.' })),
    service_type: filter(z.enum(serviceTypes, { error: 'Choose a service from the list.' })),
    price: filter(z.enum(priceFilters, { error: 'Choose a price state from the list.' })),
    /** The job's date (pickup or moving date) from and to, both days included. */
    job_from: filter(calendarDate('Pick a date from the calendar.')),
    job_to: filter(calendarDate('Pick a date from the calendar.')),
    sort: filter(z.enum(queueSorts, { error: 'Sort by created or job date.' })),
    dir: filter(z.enum(['asc', 'desc'], { error: 'Sort ascending or descending.' })),
    /** A reference, or part of a name, an email or a phone number. */
    q: filter(
      z.string().check(z.trim(), z.maxLength(100, 'Keep the search under 100 characters.')),
    ),
    payment_state: filter(
      z.enum(queuePaymentStates, { error: 'Choose a payment state from the list.' }),
    ),
    cursor: filter(z.string().check(z.regex(QUEUE_CURSOR, INVALID_PAGE_LINK))),
    limit: paging.limit,
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.job_from && query.job_to && query.job_to < query.job_from) {
        ctx.addIssue({
          code: 'custom',
          path: ['job_to'],
          message: 'The last day must not be before the first.',
        });
      }
      if (query.cursor !== undefined && !isQueueCursor(query.cursor, query.sort)) {
        ctx.addIssue({ code: 'custom', path: ['cursor'], message: INVALID_PAGE_LINK });
      }
    }),
  );
/** The queue's filters as they travel in an address (`/staff/orders?status=open&price=none`). */
export type StaffOrdersFilter = Partial<
  Record<Exclude<keyof z.input<typeof staffOrdersQuery>, 'cursor' | 'limit'>, string>
>;

/** What the overview counts, in the order it shows them. */
export const overviewCounts = [
  'unpriced',
  'awaiting_answer',
  'expiring_today',
  'unpaid',
  'jobs_today',
  'jobs_tomorrow',
  'refunds_due',
] as const;
export type OverviewCount = (typeof overviewCounts)[number];

/**
 * The queue filter behind each count of the overview: the server counts with it and the page
 * links to it, so a count and the list it opens are the same orders. Cancelled and delivered
 * orders count nowhere (`status: 'open'`), except in refunds due: money owed back is work to do
 * whatever became of the order, and it is mostly owed on cancelled ones.
 */
export function overviewFilter(
  count: OverviewCount,
  { today, tomorrow }: { today: string; tomorrow: string },
): StaffOrdersFilter {
  switch (count) {
    case 'unpriced':
      return { status: 'open', price: 'none', sort: 'created', dir: 'asc' };
    case 'awaiting_answer':
      return { status: 'open', price: 'awaiting', sort: 'created', dir: 'asc' };
    case 'expiring_today':
      return { status: 'open', price: 'expiring_today', sort: 'created', dir: 'asc' };
    case 'unpaid':
      return { status: 'open', payment_state: 'owing', sort: 'job_date' };
    case 'refunds_due':
      return { payment_state: 'refund_due', sort: 'created', dir: 'asc' };
    case 'jobs_today':
      return { status: 'open', job_from: today, job_to: today, sort: 'job_date' };
    case 'jobs_tomorrow':
      return { status: 'open', job_from: tomorrow, job_to: tomorrow, sort: 'job_date' };
  }
}

/** The day after a YYYY-MM-DD day. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const staffRefundsQuery = z.object({ ...paging });

export const staffApplicationsQuery = z.object({
  status: filter(z.enum(applicationStatuses, { error: 'Choose a status from the list.' })),
  ...paging,
});

export const staffSubscribersQuery = z.object({ ...paging });

export const applicationStatusRequest = z.object({
  status: z.enum(applicationStatuses, { error: 'Choose a status from the list.' }),
});

export const customer = z.object({ fullname: z.string(), email: z.string(), phone: z.string() });

export const staffOrder = z.extend(order, {
  updated_at: z.string(),
  customer,
  /** The pickup date of a delivery or the moving date of a move, when it has one. */
  job_date: z.nullable(z.string()),
  /** Null until a price is accepted; `?payment_state=` filters on it. */
  payment_state: z._default(z.nullable(z.enum(paymentStates)), null),
});
export type StaffOrder = z.infer<typeof staffOrder>;
/** A page of a list: `next_cursor` asks for the next one, null on the last page. */
const page = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(row: T) =>
  z.object({ message: z.string(), data: z.array(row), next_cursor: z.nullable(z.string()) });
export const staffOrdersResponse = page(staffOrder);

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

export const staffApplication = z.object({
  id: z.number(),
  role: z.enum(['mover', 'packer']),
  full_name: z.string(),
  email: z.nullable(z.string()),
  age: z.number(),
  mobile_number: z.string(),
  location: z.string(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
});
export type StaffApplication = z.infer<typeof staffApplication>;
export const staffApplicationsResponse = page(staffApplication);
export const staffApplicationResponse = z.object({ message: z.string(), data: staffApplication });

export const overviewResponse = z.object({
  message: z.string(),
  data: z.object({
    ...(Object.fromEntries(overviewCounts.map((count) => [count, z.number()])) as Record<
      OverviewCount,
      z.ZodMiniNumber
    >),
    /** The days (Lagos time) the counts were taken for, so the links name the same days. */
    today: z.string(),
    tomorrow: z.string(),
  }),
});
export type Overview = z.infer<typeof overviewResponse>['data'];

export const subscriber = z.object({ email: z.string(), created_at: z.string() });
export type Subscriber = z.infer<typeof subscriber>;
export const staffSubscribersResponse = page(subscriber);

/** The mail outbox as staff see it (`npm run ops -- mail`): what waits, what failed for good. */
export const mailBacklogResponse = z.object({
  message: z.string(),
  data: z.object({
    pending: z.number(),
    failed: z.number(),
    oldest_pending: z.nullable(z.string()),
    failures: z.array(
      z.object({
        id: z.number(),
        to: z.string(),
        subject: z.string(),
        attempts: z.number(),
        last_error: z.nullable(z.string()),
        created_at: z.string(),
      }),
    ),
  }),
});

/** A refund waiting for staff, with its order: overdue ones first, then by due date. */
export const staffRefundRow = z.extend(refund, { reference_number: z.string(), customer });
export const staffRefundsResponse = page(staffRefundRow);

export const staffCalls = define({
  staffOrders: {
    method: 'GET',
    path: 'staff/orders',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffOrdersQuery,
    response: staffOrdersResponse,
    success: 'Orders found',
    fallback: null,
    csv: true,
  },
  staffOverview: {
    method: 'GET',
    path: 'staff/overview',
    body: 'none',
    auth: 'staff',
    request: null,
    response: overviewResponse,
    success: 'Overview found',
    fallback: null,
  },
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
  staffRefunds: {
    method: 'GET',
    path: 'staff/refunds',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffRefundsQuery,
    response: staffRefundsResponse,
    success: 'Refunds found',
    fallback: null,
  },
  staffApplications: {
    method: 'GET',
    path: 'staff/applications',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffApplicationsQuery,
    response: staffApplicationsResponse,
    success: 'Applications found',
    fallback: null,
  },
  staffSetApplicationStatus: {
    method: 'POST',
    path: 'staff/applications/{id}/status',
    body: 'json',
    auth: 'staff',
    request: applicationStatusRequest,
    response: staffApplicationResponse,
    success: null,
    fallback: null,
  },
  staffSubscribers: {
    method: 'GET',
    path: 'staff/subscribers',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffSubscribersQuery,
    response: staffSubscribersResponse,
    success: 'Subscribers found',
    fallback: null,
    csv: true,
  },
  staffMail: {
    method: 'GET',
    path: 'staff/mail',
    body: 'none',
    auth: 'staff',
    request: null,
    response: mailBacklogResponse,
    success: 'Mail backlog',
    fallback: null,
  },
});
