/**
 * The dispatch board of a day (docs/crews.md, "Dispatch"): the open orders with no crew whose
 * job is that day or overdue (an earlier day), overdue first; and each crew's jobs that day in
 * window order, a window overlapping another of the same crew flagged as a conflict.
 */
import { sql } from 'kysely';
import { isFinalStatus, type Dispatch, type DispatchJob } from '../../src/api/contract';
import type { DB } from '../db/database';
import { hasNoCrew } from './attention';
import { crewRowsOf } from './crews';

/** Orders with their first stop's address, or before they have stops the pickup's or the move's origin. */
const jobRows = (db: DB) =>
  db
    .selectFrom('shipments')
    .leftJoin('stops', (join) =>
      join.onRef('stops.shipment_id', '=', 'shipments.id').on('stops.position', '=', 0),
    )
    .leftJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
    .leftJoin('quotes', 'quotes.shipment_id', 'shipments.id')
    .select([
      'shipments.id',
      'shipments.reference',
      'shipments.service_type',
      'shipments.job_date',
      'shipments.status',
      sql<string>`coalesce(stops.address, deliveries.pickup_address, quotes.moving_from_address, '')`.as(
        'address',
      ),
    ]);

/** Whether the window overlaps another in the list (the same crew's, the same day). */
const overlapsAnother = (
  job: { id: number; window_start: string; window_end: string },
  jobs: { id: number; window_start: string; window_end: string }[],
) =>
  jobs.some(
    (other) =>
      other.id !== job.id &&
      other.window_start < job.window_end &&
      other.window_end > job.window_start,
  );

export async function dispatchOf(db: DB, date: string): Promise<Dispatch> {
  const unassigned = await jobRows(db)
    .where(sql<boolean>`shipments.status in ('ToInspect', 'Shipped')`)
    .where('shipments.job_date', '<=', date)
    .where(hasNoCrew)
    .orderBy('shipments.job_date')
    .orderBy('shipments.reference')
    .execute();
  const assigned = await jobRows(db)
    .innerJoin('assignments', 'assignments.shipment_id', 'shipments.id')
    .select(['assignments.crew_id', 'assignments.window_start', 'assignments.window_end'])
    .where('assignments.date', '=', date)
    .where('shipments.status', '!=', 'Cancelled')
    .orderBy('assignments.window_start')
    .orderBy('assignments.window_end')
    .orderBy('shipments.reference')
    .execute();
  const crews = await crewRowsOf(db);
  const jobOf = (
    row: (typeof unassigned)[number],
    window: Pick<DispatchJob, 'window_start' | 'window_end' | 'conflict'>,
  ): DispatchJob => ({
    reference: row.reference,
    service_type: row.service_type,
    job_date: row.job_date,
    overdue: row.job_date !== null && row.job_date < date && !isFinalStatus(row.status),
    address: row.address,
    ...window,
  });
  return {
    date,
    unassigned: unassigned.map((row) =>
      jobOf(row, { window_start: null, window_end: null, conflict: false }),
    ),
    crews: crews.map(({ rowId, crew }) => {
      const jobs = assigned.filter((row) => row.crew_id === rowId);
      return {
        crew,
        jobs: jobs.map((row) =>
          jobOf(row, {
            window_start: row.window_start,
            window_end: row.window_end,
            conflict: overlapsAnother(row, jobs),
          }),
        ),
      };
    }),
  };
}
