/** Public tracking by reference, and the signed-in customer's own bookings, paged. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { calls, ORDERS_PAGE_SIZE, ordersQuery } from '../../src/api/contract';
import { INVALID_CURSOR, isRowId } from '../http/address';
import { currentUser } from '../accounts/auth';
import { readFormsWithoutFiles } from '../http/multipart-fields';
import { currentOffers, orderOf } from '../orders/orders';
import { notFound, Problem } from '../http/problems';
import type { RoutesOptions } from '../services';
import { findTracking, normaliseReference } from '../orders/shipments';
import { trackingMisses } from '../orders/tracking-misses';
import { contractRoute } from './contract-route';

/** The cursor is opaque to clients: the id of the page's last order, base64url-encoded. */
const cursorAfter = (id: number) => Buffer.from(`o${id}`).toString('base64url');

/** The id of the order the page starts after, or null for the first page. */
function afterOrder(query: unknown): number | null {
  const parsed = ordersQuery.safeParse(query);
  if (!parsed.success) throw new Problem(400, INVALID_CURSOR);
  if (parsed.data.cursor === undefined) return null;
  const id = /^o([0-9]+)$/.exec(Buffer.from(parsed.data.cursor, 'base64url').toString('latin1'))?.[1];
  if (!id || !isRowId(id)) throw new Problem(400, INVALID_CURSOR);
  return Number(id);
}

export const UNKNOWN_REFERENCE = 'No package was found with this tracking code. Check the code in your mail and try again.';

/**
 * A tracking form is one code of at most 64 characters: 16 KB leaves room for any client's part
 * headers, and a larger form is refused as it arrives rather than held whole (a form with photos
 * may be 3.7 MB, but no one sends photos to track a parcel).
 */
export const TRACKING_FORM_LIMIT = 16 * 1024;

export async function trackingRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, config } = services;
  readFormsWithoutFiles(app, TRACKING_FORM_LIMIT);
  const misses = trackingMisses(app, config.trackingMissLimit);

  contractRoute(app, services, 'trackingStatus', async (request) => {
    await misses.refuseSpent(request);
    const reference = normaliseReference(request.body.reference_id);
    let tracking = services.tracking.get(reference);
    if (!tracking) {
      tracking = await findTracking(db, reference);
      if (!tracking) {
        await misses.miss(request);
        throw notFound(UNKNOWN_REFERENCE);
      }
      services.tracking.set(reference, tracking);
    }
    return { message: calls.trackingStatus.success, data: tracking };
  }, { perAddress: config.trackingRateLimit });

  // Keyset paging on (created_at, id): the cursor names the last order shown, and the next page
  // starts below it, so orders booked meanwhile neither repeat nor push others out of the list.
  contractRoute(app, services, 'orders', async (request) => {
    const userId = currentUser(request).id;
    const after = afterOrder(request.query);
    let query = db
      .selectFrom('shipments')
      .select(['id', 'reference', 'service_type', 'status', 'created_at', 'price_kobo', 'paid_kobo', 'refunded_kobo', 'cancellation_fee_kobo', 'payment_state'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ORDERS_PAGE_SIZE + 1);
    if (after !== null) {
      query = query.where(sql<boolean>`(created_at, id) < (select created_at, id from shipments where id = ${after} and user_id = ${userId})`);
    }
    const orders = await query.execute();
    const page = orders.slice(0, ORDERS_PAGE_SIZE);
    const last = page.at(-1);
    const offers = await currentOffers(db, page.map((order) => order.id));
    return {
      message: calls.orders.success,
      data: page.map((order) => orderOf(order, offers.get(order.id) ?? null)),
      next_cursor: orders.length > ORDERS_PAGE_SIZE && last ? cursorAfter(last.id) : null,
    };
  });
}
