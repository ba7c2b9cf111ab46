/**
 * The crew's phone (docs/crews.md, "The crew's phone"): the jobs of the signed-in member's crew
 * for today and tomorrow in Lagos (or the one day asked for), in date then window order, each with
 * its stops as the crew works them: never a handover code, only whether five wrong ones locked it.
 */
import { todayInLagos, type CrewJob, type CrewStop } from '../../src/api/contract';
import type { DB } from '../db/database';

const DAY_MS = 86_400_000;

/** Today and tomorrow in Lagos, or the day asked for. */
export const jobDays = (date: string | undefined, now = new Date()): string[] =>
  date ? [date] : [todayInLagos(now), todayInLagos(new Date(now.getTime() + DAY_MS))];

/** The crew the member works in, if any. */
export const crewOf = async (db: DB, userId: number): Promise<number | null> =>
  (
    await db
      .selectFrom('crew_members')
      .select('crew_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.crew_id ?? null;

export const crewStopOf = (stop: {
  public_id: string;
  kind: CrewStop['kind'];
  address: string;
  landmark: string | null;
  contact_name: string;
  contact_phone: string;
  state: CrewStop['state'];
  code_locked_at: Date | null;
}): CrewStop => ({
  id: stop.public_id,
  kind: stop.kind,
  address: stop.address,
  landmark: stop.landmark,
  contact_name: stop.contact_name,
  contact_phone: stop.contact_phone,
  state: stop.state,
  code_locked: stop.code_locked_at !== null,
});

/** A move described by what the customer wrote, or else by what moves: rooms and floors. */
const moveSummary = (quote: {
  description: string | null;
  moving_from_apartment_type: string | null;
  number_of_room_moving_from: string | null;
  from_floor: string | null;
  to_floor: string | null;
}) =>
  quote.description?.trim() ||
  [
    quote.moving_from_apartment_type,
    quote.number_of_room_moving_from && `${quote.number_of_room_moving_from} room(s)`,
    quote.from_floor && `from floor ${quote.from_floor}`,
    quote.to_floor && `to floor ${quote.to_floor}`,
  ]
    .filter(Boolean)
    .join(', ');

export async function crewJobs(
  db: DB,
  userId: number,
  date: string | undefined,
  now = new Date(),
): Promise<CrewJob[]> {
  const crewId = await crewOf(db, userId);
  if (crewId === null) return [];
  const jobs = await db
    .selectFrom('assignments')
    .innerJoin('shipments', 'shipments.id', 'assignments.shipment_id')
    .leftJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
    .leftJoin('quotes', 'quotes.shipment_id', 'shipments.id')
    .select([
      'shipments.id',
      'shipments.reference',
      'shipments.service_type',
      'shipments.payment_state',
      'assignments.date',
      'assignments.window_start',
      'assignments.window_end',
      'deliveries.description as delivery_description',
      'quotes.description',
      'quotes.moving_from_apartment_type',
      'quotes.number_of_room_moving_from',
      'quotes.from_floor',
      'quotes.to_floor',
    ])
    .where('assignments.crew_id', '=', crewId)
    .where('assignments.date', 'in', jobDays(date, now))
    .where('shipments.status', '!=', 'Cancelled')
    .orderBy('assignments.date')
    .orderBy('assignments.window_start')
    .orderBy('assignments.window_end')
    .orderBy('shipments.id')
    .execute();
  if (jobs.length === 0) return [];
  const stops = await db
    .selectFrom('stops')
    .select([
      'shipment_id',
      'public_id',
      'kind',
      'address',
      'landmark',
      'contact_name',
      'contact_phone',
      'state',
      'code_locked_at',
    ])
    .where(
      'shipment_id',
      'in',
      jobs.map((job) => job.id),
    )
    .orderBy('position')
    .execute();
  return jobs.map((job) => ({
    reference: job.reference,
    service_type: job.service_type,
    date: job.date,
    window_start: job.window_start,
    window_end: job.window_end,
    description: job.delivery_description ?? moveSummary(job),
    // An open order paid beyond its price owes the customer the difference: it is paid too.
    paid: job.payment_state === 'paid' || job.payment_state === 'refund_due',
    stops: stops.filter((stop) => stop.shipment_id === job.id).map(crewStopOf),
  }));
}
