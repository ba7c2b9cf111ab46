/**
 * What every quote and delivery does: check the session, check the hourly limit, store the
 * shipment, its details and the mail with its reference, all in one statement (see
 * `insertShipments`), so a booking costs one round trip (README, Measurements). Bookings made at
 * the same moment share that statement (../db/batches.ts): one round trip and one commit for
 * all. When a statement finds no customer, a second look says why: 401 (no live session), a
 * replay, or 429.
 * With an Idempotency-Key the key goes into the shipment's row; when the account already booked
 * with it, the first booking's reference is answered and nothing is stored or mailed (`replayed`).
 */
import type { FastifyRequest } from 'fastify';
import type { Compilable, ExpressionBuilder } from 'kysely';
import type { ServiceType } from '../../src/api/contract';
import { currentUser, sessionCustomerId, sessionTokenHash, signIn } from '../auth';
import { Batches, type BatchLimits } from '../db/batches';
import type { Database, DB, User } from '../db/database';
import { reusableStatement, shapeOf } from '../db/reusable-statement';
import { checkReplay, isDuplicate, type IdempotencyKey } from '../idempotency';
import { bookingMail } from '../mail/messages';
import type { MailContent } from '../mail/mailer';
import { orderLimitExceeded, underHourlyLimit } from '../order-limit';
import type { Services } from '../services';
import { insertShipments, isWithoutCustomer, newReference, type NewShipment, type WithNewShipments } from '../shipments';

export interface Booked {
  data: { reference_number: string };
  replayed: boolean;
}

const bookedWith = (db: DB, customer: User, idempotency: IdempotencyKey) =>
  db
    .selectFrom('shipments')
    .select(['reference', 'request_hash', 'created_at'])
    .where('user_id', '=', customer.id)
    .where('idempotency_key', '=', idempotency.key)
    .executeTakeFirst();

/** The first booking's answer when this request repeats it (its key), else null. */
async function replayOf(db: DB, customer: User, idempotency: IdempotencyKey | null): Promise<Booked | null> {
  const first = idempotency && (await bookedWith(db, customer, idempotency));
  if (!first || checkReplay(first, idempotency) !== 'replay') return null;
  return { data: { reference_number: first.reference }, replayed: true };
}

interface BookingValues<Details> {
  /** The session's token hash, and the hourly limit when it is on. */
  customer: { tokenHash: string; limit: number | undefined };
  shipment: NewShipment;
  mail: MailContent;
  details: Details;
}

const customerIdOf = ({ tokenHash, limit }: BookingValues<unknown>['customer']) => (eb: ExpressionBuilder<Database, 'shipments'>) =>
  limit === undefined ? sessionCustomerId(eb, tokenHash) : sessionCustomerId(eb, tokenHash).where((users) => underHourlyLimit(users, limit));

let statementCount = 0;

/**
 * The statement of one kind of booking, for one booking or several at once: `storeDetails` adds
 * their detail rows. Built once per shape (../db/reusable-statement.ts).
 */
export function bookingStatement<Details extends object>(storeDetails: (withShipments: WithNewShipments, bookings: Array<{ reference: string; details: Details }>) => Compilable<unknown>) {
  const statement = reusableStatement((db: DB, { bookings }: { bookings: BookingValues<Details>[] }) =>
    storeDetails(
      insertShipments(db, bookings.map(({ customer, shipment, mail }) => ({ customerId: customerIdOf(customer), shipment, mail }))),
      bookings.map(({ shipment, details }) => ({ reference: shipment.reference, details })),
    ),
  );
  return { id: statementCount++, statement };
}

type BookingStatement<Details extends object> = ReturnType<typeof bookingStatement<Details>>;

interface Booking {
  statement: BookingStatement<object>;
  values: BookingValues<object>;
}

export type BookingBatches = Batches<Booking>;

/**
 * Bookings waiting together run as one statement: by default up to 16, in up to 4 statements at
 * once (4 of the pool's 10 connections). Only bookings of one statement and shape go together,
 * so the statements stay few and reused.
 */
export const bookingBatches = (db: DB, limits: BatchLimits): BookingBatches =>
  new Batches<Booking>(
    async (bookings) => {
      await db.executeQuery(bookings[0]!.statement.statement(db, { bookings: bookings.map((booking) => booking.values) }));
    },
    limits,
  );

const store = <Details extends object>(services: Services, statement: BookingStatement<Details>, values: BookingValues<Details>) =>
  services.bookings.add(`${statement.id}:${shapeOf(values)}`, { statement, values } as unknown as Booking);

/** The signed-in customer of `request` books `serviceType`, with `details` stored by `statement`. */
export async function book<Details extends object>(services: Services, request: FastifyRequest, serviceType: ServiceType, statement: BookingStatement<Details>, details: Details, isRetry = false): Promise<Booked> {
  const { db, mailer, config } = services;
  const idempotency = request.idempotencyKey;
  const limit = config.orderRateLimit;
  const reference = newReference();
  const values: BookingValues<Details> = {
    customer: { tokenHash: sessionTokenHash(request), limit: limit === 0 ? undefined : limit },
    shipment: { reference, service_type: serviceType, idempotency_key: idempotency?.key, request_hash: idempotency?.hash },
    mail: bookingMail(reference, serviceType),
    details,
  };
  try {
    await store(services, statement, values);
  } catch (error) {
    if (isWithoutCustomer(error) && !isRetry) {
      // Null when the hour has room again by now.
      return (await answerWithoutBooking(services, request)) ?? book(services, request, serviceType, statement, details, true);
    }
    if (!idempotency || !isDuplicate(error, 'shipments_idempotency')) throw error;
    await signIn(db, request);
    const replay = await replayOf(db, currentUser(request), idempotency);
    if (replay) return replay;
    // The key's first use is over 24 hours old and not yet cleared: it starts afresh.
    await db.updateTable('shipments').set({ idempotency_key: null }).where('user_id', '=', currentUser(request).id).where('idempotency_key', '=', idempotency.key).execute();
    return book(services, request, serviceType, statement, details, isRetry);
  }
  mailer.wake();
  return { data: { reference_number: reference }, replayed: false };
}

/**
 * The booking statement found no customer: 401 when the session has ended, the first answer when
 * the request repeats a booking already made, 429 when the account is at its hourly limit.
 */
async function answerWithoutBooking(services: Services, request: FastifyRequest): Promise<Booked | null> {
  const { db, config } = services;
  await signIn(db, request);
  const customer = currentUser(request);
  const replay = await replayOf(db, customer, request.idempotencyKey);
  if (replay) return replay;
  const refusal = config.orderRateLimit > 0 ? await orderLimitExceeded(db, customer.id, config.orderRateLimit) : null;
  if (refusal) throw refusal;
  return null;
}
