/**
 * The staff queue: every quote and delivery, filtered by status, service type, where its price
 * stands, its payment state, its job's date (pickup or moving date), whether it has a crew and
 * whether it needs attention (../crews/attention.ts); searched by reference, name, email or phone
 * (the account's, a quote's contact, a delivery's sender or receivers); sorted by creation or by
 * job date; paged by keyset, so a page is exact while orders arrive. The same filters count the
 * overview (./staff-overview.ts) and feed the CSV export. Why each index: docs/measurements.md.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { todayInLagos, type ParsedQueryOf, type StaffOrder } from '../../src/api/contract';
import type { Database, DB } from '../db/database';
import { CsvText, type CsvValue } from '../staff/csv-cells';
import { moneyColumns, owing, withPaymentState } from '../money/balances';
import { currentOffers, offerStateOf, orderOf } from './orders';
import { normaliseReference } from './shipments';
import { hasNoCrew, needsAttention } from '../crews/attention';

export type QueueQuery = ParsedQueryOf<'staffOrders'>;
type Filter = Omit<QueueQuery, 'cursor' | 'limit'>;
export type Queue<O> = SelectQueryBuilder<Database, 'shipments' | 'users', O>;
type Where = ExpressionBuilder<Database, 'shipments'>;

/** `%text%` for LIKE, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The national part of a phone number typed any way (0803…, +234 803…, 803…), or null when too short to search by. */
function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '').replace(/^234/, '').replace(/^0/, '');
  return digits.length >= 4 ? digits : null;
}

/**
 * The ids of the orders a search finds: one branch per table, each answered by that table's
 * trigram index (migration 012), so a search never reads every order.
 */
function searchHits(db: DB, q: string) {
  const text = containing(q);
  const phone = phoneDigits(q);
  const phoneLike = phone ? containing(phone) : null;
  return db
    .selectFrom('shipments')
    .select('shipments.id')
    .where('shipments.reference', 'ilike', containing(normaliseReference(q)))
    .union(
      db
        .selectFrom('users')
        .innerJoin('shipments', 'shipments.user_id', 'users.id')
        .select('shipments.id')
        .where((eb) =>
          eb.or([
            eb('users.fullname', 'ilike', text),
            eb('users.email', 'ilike', text),
            ...(phoneLike ? [eb('users.phone', 'like', phoneLike)] : []),
          ]),
        ),
    )
    .union(
      db
        .selectFrom('quotes')
        .select('quotes.shipment_id as id')
        .where((eb) =>
          eb.or([
            eb('quotes.full_name', 'ilike', text),
            eb('quotes.email', 'ilike', text),
            ...(phoneLike ? [eb('quotes.mobile_phone', 'like', phoneLike)] : []),
          ]),
        ),
    )
    .union(
      db
        .selectFrom('deliveries')
        .select('deliveries.shipment_id as id')
        .where((eb) =>
          eb.or([
            eb('deliveries.sender_fullname', 'ilike', text),
            ...(phoneLike ? [eb('deliveries.sender_phone', 'like', phoneLike)] : []),
          ]),
        ),
    )
    .union(
      db
        .selectFrom('delivery_receivers')
        .select('delivery_receivers.shipment_id as id')
        .where((eb) =>
          eb.or([
            eb('delivery_receivers.name', 'ilike', text),
            ...(phoneLike ? [eb('delivery_receivers.phone', 'like', phoneLike)] : []),
          ]),
        ),
    );
}

/** Written out, not bound, so the planner matches the partial indexes over open orders (migration 012). */
const isOpen = sql<boolean>`shipments.status in ('ToInspect', 'Shipped')`;

/**
 * Where the order's price stands, from its live offer as copied onto its row (migration 013):
 * none (no live offer, or an open one past its last day), awaiting the customer's answer (open,
 * still valid) or expiring today. Read through the open orders' partial index, which carries both columns.
 */
function priceIs(eb: Where, price: NonNullable<Filter['price']>, today: string) {
  const state = eb.ref('shipments.live_offer_state');
  const until = eb.ref('shipments.live_offer_valid_until');
  if (price === 'expiring_today') return eb.and([eb(state, '=', 'open'), eb(until, '=', today)]);
  if (price === 'awaiting') return eb.and([eb(state, '=', 'open'), eb(until, '>=', today)]);
  return eb.or([eb(state, 'is', null), eb.and([eb(state, '=', 'open'), eb(until, '<', today)])]);
}

/** The queue's filters and search on a query over shipments joined with their customer. */
export function filtered<O>(
  db: DB,
  query: Queue<O>,
  filter: Filter,
  today = todayInLagos(),
): Queue<O> {
  const { status, service_type, price, job_from, job_to, q, payment_state } = filter;
  const { attention, unassigned } = filter;
  let filteredQuery = query;
  if (status === 'open') filteredQuery = filteredQuery.where(isOpen);
  else if (status) filteredQuery = filteredQuery.where('shipments.status', '=', status);
  if (service_type)
    filteredQuery = filteredQuery.where('shipments.service_type', '=', service_type);
  if (price) filteredQuery = filteredQuery.where((eb) => priceIs(eb, price, today));
  if (job_from) filteredQuery = filteredQuery.where('shipments.job_date', '>=', job_from);
  if (job_to) filteredQuery = filteredQuery.where('shipments.job_date', '<=', job_to);
  if (payment_state === 'owing') filteredQuery = filteredQuery.where(owing);
  else if (payment_state) filteredQuery = filteredQuery.where(withPaymentState(payment_state));
  if (attention) filteredQuery = filteredQuery.where(needsAttention);
  if (unassigned) filteredQuery = filteredQuery.where(hasNoCrew);
  // The hits are gathered first and the orders fetched by id: written as `in (…)`, the planner
  // may walk every order newest first and probe the hits for each (docs/measurements.md, "The staff
  // workspace at scale").
  if (q)
    filteredQuery = filteredQuery.where(
      sql<boolean>`shipments.id = any(array(${searchHits(db, q)}))`,
    );
  return filteredQuery;
}

/** What the queue and its CSV file show of every order: the order and its customer. */
const orderColumns = [
  'shipments.id',
  'shipments.reference',
  'shipments.service_type',
  'shipments.status',
  'shipments.created_at',
  'shipments.job_date',
  'users.fullname',
  'users.email',
  'users.phone',
] as const;

const queueRows = (db: DB) =>
  db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .select([...orderColumns, 'shipments.updated_at', ...moneyColumns]);
type QueueRow = Awaited<ReturnType<ReturnType<typeof queueRows>['execute']>>[number];

/** The sort's default direction: newest created first, soonest job first. */
const directionOf = ({ sort = 'created', dir }: Pick<QueueQuery, 'sort' | 'dir'>) =>
  dir ?? (sort === 'created' ? 'desc' : 'asc');

const cursorOf = (row: Pick<QueueRow, 'id' | 'job_date'>, sort: QueueQuery['sort']) =>
  sort === 'job_date' ? `${row.job_date ?? ''}~${row.id}` : String(row.id);

/**
 * Rows after the cursor in the sort's order. By job date, undated orders come last whichever
 * way, and the id breaks ties, so (job date, id) names one place in the order.
 */
function sortedAfter<O>(
  query: Queue<O>,
  { sort = 'created', dir, cursor }: Pick<QueueQuery, 'sort' | 'dir' | 'cursor'>,
): Queue<O> {
  const direction = directionOf({ sort, dir });
  const after = direction === 'desc' ? '<' : '>';
  if (sort === 'created') {
    const sorted = query.orderBy('shipments.id', direction);
    return cursor ? sorted.where('shipments.id', after, Number(cursor)) : sorted;
  }
  const sorted = query
    .orderBy(sql`shipments.job_date ${sql.raw(direction)} nulls last`)
    .orderBy('shipments.id', direction);
  if (!cursor) return sorted;
  const [day, id] = cursor.split('~') as [string, string];
  const lastId = Number(id);
  return day
    ? sorted.where((eb) =>
        eb.or([
          eb('shipments.job_date', after, day),
          eb.and([eb('shipments.job_date', '=', day), eb('shipments.id', after, lastId)]),
          eb('shipments.job_date', 'is', null),
        ]),
      )
    : sorted.where('shipments.job_date', 'is', null).where('shipments.id', after, lastId);
}

async function withOffers(db: DB, rows: QueueRow[]): Promise<StaffOrder[]> {
  const offers = await currentOffers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...orderOf(row, offers.get(row.id) ?? null),
    updated_at: row.updated_at.toISOString(),
    job_date: row.job_date,
    payment_state: row.payment_state,
    customer: { fullname: row.fullname, email: row.email, phone: row.phone },
  }));
}

/** The statement of one page (one row more than asked, to know whether another follows); the bench explains it. */
export const queuePageQuery = (db: DB, { cursor, limit = 50, ...filter }: QueueQuery) =>
  sortedAfter(filtered(db, queueRows(db), filter), { ...filter, cursor }).limit(limit + 1);

export async function orderQueue(
  db: DB,
  query: QueueQuery,
): Promise<{ data: StaffOrder[]; next_cursor: string | null }> {
  const { limit = 50, ...filter } = query;
  const rows = await queuePageQuery(db, query).execute();
  const page = rows.slice(0, limit);
  return {
    data: await withOffers(db, page),
    next_cursor: rows.length > limit ? cursorOf(page.at(-1)!, filter.sort) : null,
  };
}

/** Rows a CSV export reads per statement: few enough that other requests take turns between them. */
const EXPORT_BATCH = 200;

/**
 * One batch of the export in one statement, the order's current offer joined beside it, only the
 * columns the file has: rows that become cells at once and die young, so the server's heap does
 * not grow while it sends the file (docs/measurements.md, "The staff workspace at scale").
 */
const exportBatchQuery = (db: DB, filter: QueueQuery, cursor: string | undefined) =>
  sortedAfter(
    filtered(
      db,
      db
        .selectFrom('shipments')
        .innerJoin('users', 'users.id', 'shipments.user_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('offers')
              .select(['offers.amount_kobo', 'offers.state', 'offers.valid_until'])
              .whereRef('offers.shipment_id', '=', 'shipments.id')
              .where('offers.state', '!=', 'replaced')
              .orderBy('offers.id', 'desc')
              .limit(1)
              .as('offer'),
          (join) => join.onTrue(),
        )
        .select([
          ...orderColumns,
          'shipments.payment_state',
          'offer.amount_kobo',
          'offer.state as offer_state',
          'offer.valid_until',
        ]),
      filter,
    ),
    { ...filter, cursor },
  ).limit(EXPORT_BATCH);

/**
 * The columns of the queue's CSV file, in order, for people reading it in a spreadsheet: times in
 * Lagos time and amounts in naira, as the names say, and phone numbers kept as text.
 */
export const QUEUE_CSV_HEADER = [
  'reference',
  'service_type',
  'status',
  'created_at_lagos_time',
  'job_date',
  'customer',
  'email',
  'phone',
  'price_naira',
  'price_state',
  'payment_state',
];

/** "2026-11-27 20:31:05": Lagos time (UTC+1 all year), which a spreadsheet reads as a date and time. */
const lagosDateTime = (at: Date) =>
  new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Whole kobo as naira with two decimals and no grouping, a number to a spreadsheet: 18500050 → "185000.50". */
const nairaAmount = (kobo: number) => {
  const whole = Math.abs(Math.trunc(kobo));
  const naira = `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return kobo < 0 ? `-${naira}` : naira;
};

/**
 * Every order the filter finds as the CSV file's rows, in the queue's order, a batch at a time
 * (constant memory however many).
 */
export async function* everyQueuedOrderRow(
  db: DB,
  filter: QueueQuery,
): AsyncGenerator<CsvValue[][]> {
  const today = todayInLagos();
  let cursor: string | undefined;
  for (;;) {
    const rows = await exportBatchQuery(db, filter, cursor).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.reference,
      row.service_type,
      row.status,
      lagosDateTime(row.created_at),
      row.job_date ?? '',
      row.fullname,
      row.email,
      new CsvText(row.phone),
      row.amount_kobo === null ? '' : nairaAmount(Number(row.amount_kobo)),
      row.offer_state === null
        ? ''
        : offerStateOf({ state: row.offer_state, valid_until: row.valid_until! }, today),
      row.payment_state ?? '',
    ]);
    if (rows.length < EXPORT_BATCH) return;
    cursor = cursorOf(rows.at(-1)!, filter.sort);
  }
}
