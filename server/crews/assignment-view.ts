/**
 * How an order's assignment reads (docs/crews.md, "Assignment and windows"): on the wire, in the
 * staff's order, and in the history. Apart from ./assignment.ts, so the order views read it
 * without the use case's imports.
 */
import type { Assignment } from '../../src/api/contract';
import type { DB } from '../db/database';

/** "2026-12-01 09:00–11:00" */
export const windowLabel = (window: Pick<Assignment, 'date' | 'window_start' | 'window_end'>) =>
  `${window.date} ${window.window_start}–${window.window_end}`;

/** The order's assignment as the wire shows it, or null. */
export async function assignmentOf(db: DB, shipmentId: number): Promise<Assignment | null> {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('crews', 'crews.id', 'assignments.crew_id')
    .select([
      'crews.public_id as crew_id',
      'crews.name as crew_name',
      'assignments.date',
      'assignments.window_start',
      'assignments.window_end',
    ])
    .where('assignments.shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return row ?? null;
}
