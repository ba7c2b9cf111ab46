/**
 * At most ORDER_RATE_LIMIT quotes and deliveries per account in any hour, counted in the
 * database, so every server instance sees the same count without anything else to run. The
 * booking statement itself carries the condition (`admitUnderHourlyLimit`), so the limit costs a
 * booking no round trip; only a refused booking asks how long to wait (`orderLimitExceeded`):
 * 429 with Retry-After, the seconds until the oldest booking of the hour leaves the window. A
 * retried submit (an Idempotency-Key already booked) books nothing, so the limit lets it through
 * (booking.ts).
 *
 * Under concurrency: a statement reads the shipments as they were when it started, so statements
 * booking for one account at once would each see room and together pass the limit. So each
 * statement first claims its bookings on the account's row of `booking_windows` (the times of
 * its bookings of the last hour, migration 007): an upsert, which waits while another statement
 * holds that row and then reads the row as that one left it. The claim is granted as many
 * bookings as the hour has room for, and only those are stored. The room is the smaller of what
 * the row and the shipments say, so a row left behind while the limit was off counts no less
 * than the shipments do.
 */
import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/database';
import { Problem } from '../http/problems';
import type { WithNewShipments } from './shipments';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const orderLimitMessage = (limit: number, minutes: number) =>
  `You have reached the limit of ${plural(limit, 'booking')} an hour. Please try again in ${plural(minutes, 'minute')}.`;

const anHourAgo = sql<Date>`now() - interval '1 hour'`;

/**
 * How many bookings the account `userId` made in the last hour, counting at most `limit` of them
 * however much it booked; `count(created_at)`, not `count(*)`, so the statement stays prepared
 * (db/prepared-statements.ts).
 */
function bookedThisHour(
  eb: ExpressionBuilder<any, any>,
  userId: Expression<number>,
  limit: number,
): Expression<number> {
  const recent = eb
    .selectFrom('shipments')
    .select('shipments.created_at')
    .where('shipments.user_id', '=', userId)
    .where('shipments.created_at', '>', anHourAgo)
    .limit(limit)
    .as('recent');
  return eb
    .selectFrom(recent)
    .select((count) =>
      count.fn.count<number>('recent.created_at').as('booked'),
    ) as unknown as Expression<number>;
}

/** The times of the window row's bookings still within the hour. */
const stillInWindow = sql<
  Date[]
>`array(select booked from unnest(booking_windows.booked_at) as booked where booked > ${anHourAgo})`;

/** All bookings with a live session may book: the limit is off. */
export const admitAll = (query: WithNewShipments): WithNewShipments =>
  query.with('admitted', (admitted) =>
    admitted.selectFrom('customer').select(['customer.position', 'customer.user_id']),
  ) as unknown as WithNewShipments;

/**
 * The statement's bookings under the hourly limit `limit`: per account, its first bookings in the
 * statement, as many as the hour has room for (`claim`, on the account's row of
 * `booking_windows`). A booking that repeats a key its account already used books nothing, so it
 * claims no room.
 */
export const admitUnderHourlyLimit =
  (limit: number, keyed: boolean) =>
  (query: WithNewShipments): WithNewShipments =>
    query
      .with('wanted', (wanted) =>
        wanted
          .selectFrom('customer')
          .$if(keyed, (booking) =>
            booking.where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('shipments')
                    .select('shipments.id')
                    .whereRef('shipments.user_id', '=', 'customer.user_id')
                    .whereRef('shipments.idempotency_key', '=', 'customer.idempotency_key'),
                ),
              ),
            ),
          )
          .groupBy('customer.user_id')
          .select((eb) => [
            'customer.user_id',
            sql<number>`least(count(*), greatest(0, ${limit} - (${bookedThisHour(eb, eb.ref('customer.user_id'), limit)})))::int`.as(
              'room',
            ),
          ]),
      )
      .with('claim', (claim) =>
        claim
          .insertInto('booking_windows')
          .columns(['user_id', 'booked_at', 'granted'])
          .expression((eb) =>
            eb
              .selectFrom('wanted')
              .select([
                'wanted.user_id',
                sql<Date[]>`array_fill(now(), array[wanted.room])`.as('booked_at'),
                'wanted.room',
              ])
              .orderBy('wanted.user_id'),
          )
          .onConflict((conflict) => {
            // What the row allows beside what the shipments allowed (`excluded.granted`).
            const granted = sql<number>`least(excluded.granted, greatest(0, ${limit} - cardinality(${stillInWindow})))`;
            return conflict.column('user_id').doUpdateSet({
              granted,
              booked_at: sql<Date[]>`${stillInWindow} || array_fill(now(), array[${granted}])`,
            });
          })
          .returning(['booking_windows.user_id', 'booking_windows.granted']),
      )
      .with('admitted', (admitted) =>
        admitted
          .selectFrom((eb) =>
            eb
              .selectFrom('customer')
              .select((row) => [
                'customer.position',
                'customer.user_id',
                sql<number>`row_number() over (partition by ${row.ref('customer.user_id')} order by ${row.ref('customer.position')})`.as(
                  'nth',
                ),
              ])
              .as('booking'),
          )
          .innerJoin('claim', 'claim.user_id', 'booking.user_id')
          .whereRef('booking.nth', '<=', 'claim.granted')
          .select(['booking.position', 'booking.user_id']),
      ) as unknown as WithNewShipments;

/** The 429 for an account at its limit, or null when the hour has room again. */
export async function orderLimitExceeded(
  db: DB,
  customerId: number,
  limit: number,
): Promise<Problem | null> {
  // The account's `limit` newest bookings of the hour: the oldest of them is the one whose leaving frees a booking.
  const window = await db
    .selectFrom((query) =>
      query
        .selectFrom('shipments')
        .select('created_at')
        .where('user_id', '=', customerId)
        .where('created_at', '>', anHourAgo)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .as('recent'),
    )
    .select((eb) => [
      eb.fn.count<string>('created_at').as('booked'),
      sql<string | null>`ceil(extract(epoch from min(created_at) + interval '1 hour' - now()))`.as(
        'seconds_left',
      ),
    ])
    .executeTakeFirstOrThrow();
  if (Number(window.booked) < limit) return null;
  const seconds = Math.max(1, Number(window.seconds_left ?? 1));
  return new Problem(
    429,
    orderLimitMessage(limit, Math.ceil(seconds / 60)),
    {},
    { 'retry-after': String(seconds) },
  );
}
