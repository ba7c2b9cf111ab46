/**
 * The staff's lists of orders (docs/operations.md): the order queue with its filters and pages,
 * the Overview's counts, refunds due and the mail backlog. Apart from ./staff (an order's page
 * and its actions), so the staff order page loads none of these; applications and subscribers
 * are in ./staffPeople, so their pages load no order schema.
 */
import * as z from 'zod/mini';
import { calendarDate, define, isCalendarDate, serviceTypes, shipmentStatuses } from './rules';
import { order, paymentStates, refund } from './orders';
import { customer } from './staff';
import { filter, page, paging } from './listPages';

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
    /**
     * `1`: orders needing staff (docs/crews.md, "Needs attention"): an open order with a failed
     * stop, or a handover made without the code that staff have not reviewed.
     */
    attention: filter(z.enum(['1'], { error: 'Use attention=1 or leave it out.' })),
    /** `1`: orders not assigned to a crew yet. */
    unassigned: filter(z.enum(['1'], { error: 'Use unassigned=1 or leave it out.' })),
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
  'unassigned_today',
  'attention',
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
    // Today's jobs and the overdue ones (docs/crews.md, "Dispatch"), as the board lists them.
    case 'unassigned_today':
      return { status: 'open', unassigned: '1', job_to: today, sort: 'job_date' };
    // A handover without code is reviewed even once the order is delivered: no status filter.
    case 'attention':
      return { attention: '1', sort: 'created', dir: 'asc' };
  }
}

/** The day after a YYYY-MM-DD day. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const staffRefundsQuery = z.object({ ...paging });

export const staffOrder = z.extend(order, {
  updated_at: z.string(),
  customer,
  /** The pickup date of a delivery or the moving date of a move, when it has one. */
  job_date: z.nullable(z.string()),
  /** Null until a price is accepted; `?payment_state=` filters on it. */
  payment_state: z._default(z.nullable(z.enum(paymentStates)), null),
});
export type StaffOrder = z.infer<typeof staffOrder>;
export const staffOrdersResponse = page(staffOrder);

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

export const staffListCalls = define({
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
