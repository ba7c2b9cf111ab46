/**
 * The signed-in customer's own bookings, newest first, a page at a time. Keyset paging on
 * (created_at, id): the cursor names the last order shown, and the next page starts below it, so
 * orders booked meanwhile neither repeat nor push others out of the list.
 */
import { sql } from 'kysely';
import { ORDERS_PAGE_SIZE, ordersQuery, type Order } from '../../src/api/contract';
import type { DB } from '../db/database';
import { INVALID_CURSOR, isRowId } from '../http/address';
import { Problem } from '../http/problems';
import { currentOffers, orderOf } from './orders';

/** The cursor is opaque to clients: the id of the page's last order, base64url-encoded. */
const cursorAfter = (id: number) => Buffer.from(`o${id}`).toString('base64url');

/** The id of the order the page starts after, or null for the first page. */
function afterOrder(query: unknown): number | null {
  const parsed = ordersQuery.safeParse(query);
  if (!parsed.success) throw new Problem(400, INVALID_CURSOR);
  if (parsed.data.cursor === undefined) return null;
  const id = /^o([0-9]+)$/.exec(
    Buffer.from(parsed.data.cursor, 'base64url').toString('latin1'),
  )?.[1];
  if (!id || !isRowId(id)) throw new Problem(400, INVALID_CURSOR);
  return Number(id);
}

/** One page of `userId`'s orders after the cursor in `query` (the request's query string), and the next page's cursor. */
export async function customerOrdersPage(
  db: DB,
  userId: number,
  query: unknown,
): Promise<{ data: Order[]; next_cursor: string | null }> {
  const after = afterOrder(query);
  let rows = db
    .selectFrom('shipments')
    .select([
      'id',
      'reference',
      'service_type',
      'status',
      'created_at',
      'price_kobo',
      'paid_kobo',
      'refunded_kobo',
      'cancellation_fee_kobo',
      'payment_state',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ORDERS_PAGE_SIZE + 1);
  if (after !== null) {
    rows = rows.where(
      sql<boolean>`(created_at, id) < (select created_at, id from shipments where id = ${after} and user_id = ${userId})`,
    );
  }
  const orders = await rows.execute();
  const page = orders.slice(0, ORDERS_PAGE_SIZE);
  const last = page.at(-1);
  const offers = await currentOffers(
    db,
    page.map((order) => order.id),
  );
  return {
    data: page.map((order) => orderOf(order, offers.get(order.id) ?? null)),
    next_cursor: orders.length > ORDERS_PAGE_SIZE && last ? cursorAfter(last.id) : null,
  };
}
