/**
 * At most ORDER_RATE_LIMIT quotes and deliveries per account in any hour, counted in the
 * database (the account's shipments of the last hour, on the (user_id, created_at, id) index), so
 * every server instance sees the same count without anything else to run. The booking statement
 * itself carries the condition (`underHourlyLimit`), so the limit costs a booking no round trip;
 * only a refused booking asks how long to wait (`orderLimitExceeded`): 429 with Retry-After, the
 * seconds until the oldest booking of the hour leaves the window. A retried submit (an
 * Idempotency-Key already booked) books nothing, so the limit lets it through (routes/booking.ts).
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, DB } from './db/database';
import { Problem } from './problems';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const orderLimitMessage = (limit: number, minutes: number) =>
  `You have reached the limit of ${plural(limit, 'booking')} an hour. Please try again in ${plural(minutes, 'minute')}.`;

const anHourAgo = sql<Date>`now() - interval '1 hour'`;

/**
 * Whether the account `users.id` booked fewer than `limit` times in the last hour. It reads at
 * most `limit` rows however much the account booked; `count(created_at)`, not `count(*)`, so the
 * statement stays prepared (db/prepared-statements.ts).
 */
export function underHourlyLimit(eb: ExpressionBuilder<Database, 'users'>, limit: number): Expression<SqlBool> {
  const recent = eb
    .selectFrom('shipments')
    .select('shipments.created_at')
    .whereRef('shipments.user_id', '=', 'users.id')
    .where('shipments.created_at', '>', anHourAgo)
    .limit(limit)
    .as('recent');
  return eb(eb.selectFrom(recent).select((count) => count.fn.count('recent.created_at').as('booked')), '<', limit);
}

/** The 429 for an account at its limit, or null when the hour has room again. */
export async function orderLimitExceeded(db: DB, customerId: number, limit: number): Promise<Problem | null> {
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
      sql<string | null>`ceil(extract(epoch from min(created_at) + interval '1 hour' - now()))`.as('seconds_left'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(window.booked) < limit) return null;
  const seconds = Math.max(1, Number(window.seconds_left ?? 1));
  return new Problem(429, orderLimitMessage(limit, Math.ceil(seconds / 60)), {}, { 'retry-after': String(seconds) });
}
