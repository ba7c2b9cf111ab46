/**
 * What needs doing now (the staff Overview): each count is the number of orders the queue lists
 * under that count's filter (`overviewFilter` in the contract), counted with the queue's own
 * filters, so the number and the list it links to cannot disagree.
 */
import {
  dayAfter,
  overviewCounts,
  overviewFilter,
  staffOrdersQuery,
  todayInLagos,
  type Overview,
  type OverviewCount,
} from '../../src/api/contract';
import type { DB } from '../db/database';
import { filtered, type Queue } from './order-queue';

/** The statement counting one of the overview's counts; the bench explains it. */
export function overviewCountQuery(
  db: DB,
  count: OverviewCount,
  days: { today: string; tomorrow: string },
) {
  // No join with users: every order has its customer (a non-null foreign key), so the count is
  // the same, and read from the open orders' partial indexes alone (docs/measurements.md, "The
  // staff workspace at scale").
  const base = db
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll<string | number>().as('orders'));
  // The filters name only the order's own columns; their type also admits the queue's join with users.
  return filtered(
    db,
    base as unknown as Queue<{ orders: string | number }>,
    staffOrdersQuery.parse(overviewFilter(count, days)),
    days.today,
  );
}

export async function staffOverview(db: DB): Promise<Overview> {
  const today = todayInLagos();
  const days = { today, tomorrow: dayAfter(today) };
  const counts = await Promise.all(
    overviewCounts.map(
      async (count) =>
        [
          count,
          Number((await overviewCountQuery(db, count, days).executeTakeFirstOrThrow()).orders),
        ] as const,
    ),
  );
  return {
    ...(Object.fromEntries(counts) as Record<(typeof overviewCounts)[number], number>),
    ...days,
  };
}
