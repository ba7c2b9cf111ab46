/**
 * What comes back to staff from the day's work (docs/crews.md, "Needs attention"): an open order
 * with a failed stop (staff give it a new window, which makes the stop pending again, or cancel
 * the order), and a handover the crew made without the code (a photo and the receiver's name)
 * until staff review it. The queue's `attention=1` and the Overview's count read the same rule.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DB, Shipment } from '../db/database';
import { conflict, notFound } from '../http/problems';
import { isUuid } from './crews';

/** The order needs staff: written out, so the queue and the Overview count with the same rule. */
export const needsAttention = ({ exists, selectFrom }: ExpressionBuilder<Database, 'shipments'>) =>
  exists(
    selectFrom('stops')
      .select('stops.id')
      .whereRef('stops.shipment_id', '=', 'shipments.id')
      .where(
        sql<boolean>`(stops.state = 'failed' and shipments.status in ('ToInspect', 'Shipped'))
          or (stops.without_code and stops.reviewed_at is null)`,
      ),
  );

/** The order has no crew yet. */
export const hasNoCrew = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'shipments'>) =>
  not(
    exists(
      selectFrom('assignments')
        .select('assignments.shipment_id')
        .whereRef('assignments.shipment_id', '=', 'shipments.id'),
    ),
  );

export const NO_SUCH_STOP = 'This order has no such stop.';
export const NOTHING_TO_REVIEW =
  'This stop was not handed over without the code: there is nothing to review.';

/** Staff (or the ops command) looked at a handover made without the code; again changes nothing. */
export async function reviewHandover(
  db: DB,
  {
    shipment,
    stopId,
    reviewerId,
  }: { shipment: Shipment; stopId: string; reviewerId: number | null },
): Promise<void> {
  const stop = isUuid(stopId)
    ? await db
        .selectFrom('stops')
        .select(['id', 'without_code', 'reviewed_at'])
        .where('public_id', '=', stopId)
        .where('shipment_id', '=', shipment.id)
        .executeTakeFirst()
    : undefined;
  if (!stop) throw notFound(NO_SUCH_STOP);
  if (!stop.without_code) throw conflict(NOTHING_TO_REVIEW);
  await db
    .updateTable('stops')
    .set({ reviewed_at: new Date(), reviewed_by: reviewerId })
    .where('id', '=', stop.id)
    .where('reviewed_at', 'is', null)
    .execute();
}
