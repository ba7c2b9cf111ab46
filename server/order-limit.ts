/**
 * At most ORDER_RATE_LIMIT quotes and deliveries per account in any hour, counted in the
 * database (the account's shipments of the last hour, on the (user_id, created_at, id) index, in
 * one prepared statement),
 * so every server instance sees the same count without anything else to run. Beyond it: 429
 * with Retry-After, the seconds until the oldest booking of the hour leaves the window. A retried
 * submit (an Idempotency-Key already booked) books nothing, so the limit lets it through.
 */
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from './auth';
import type { DB } from './db/database';
import { isRetry } from './routes/booking';
import { Problem } from './problems';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const orderLimitMessage = (limit: number, minutes: number) =>
  `You have reached the limit of ${plural(limit, 'booking')} an hour. Please try again in ${plural(minutes, 'minute')}.`;

export function withOrderLimit(db: DB, limit: number, handler: Handler): Handler {
  if (limit === 0) return handler;
  return async (request, reply) => {
    const customer = currentUser(request);
    // The account's `limit` newest bookings of the hour at most: the count costs the same however
    // much the account booked, and the oldest of them is the one whose leaving frees a booking.
    const window = await db
      .selectFrom((query) =>
        query
          .selectFrom('shipments')
          .select('created_at')
          .where('user_id', '=', customer.id)
          .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
          .orderBy('created_at', 'desc')
          .limit(limit)
          .as('recent'),
      )
      .select((eb) => [
        eb.fn.count<string>('created_at').as('booked'),
        sql<string | null>`ceil(extract(epoch from min(created_at) + interval '1 hour' - now()))`.as('seconds_left'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(window.booked) < limit || (await isRetry(db, customer, request.idempotencyKey))) return handler(request, reply);
    const seconds = Math.max(1, Number(window.seconds_left ?? 1));
    reply.header('retry-after', String(seconds));
    throw new Problem(429, orderLimitMessage(limit, Math.ceil(seconds / 60)));
  };
}
