/**
 * What every quote and delivery does: check the session, check the hourly limit, store the
 * shipment, its details, the mail with its reference and the texts with its private links
 * (../messages/booking-texts.ts), all in one statement (see
 * `insertShipments`), so a booking costs one round trip (docs/measurements.md). Bookings made at
 * the same moment share that statement (../orders/batches.ts): one round trip and one commit for
 * all. A booking the statement did not store costs the others of its statement nothing: it is
 * answered from what the statement returned, 401 when its session was not live, and otherwise
 * after a second look: the first answer of a repeated Idempotency-Key, or 429.
 * With an Idempotency-Key the key goes into the shipment's row; when the account already booked
 * with it, the first booking's reference is answered and nothing is stored or mailed (`replayed`).
 */
import type { QueryCreator } from 'kysely';
import type { ServiceType } from '../../src/api/contract';
import { sessionUser } from '../accounts/auth';
import type { ServerConfig } from '../config';
import type { Mailer } from '../mail/outbox';
import { Batches, type BatchLimits } from './batches';
import type { DB, User } from '../db/database';
import { reusableStatement, shapeOf } from './reusable-statement';
import { checkReplay, type IdempotencyKey } from './idempotency';
import { bookingMail } from '../mail/messages';
import type { MailContent } from '../mail/mailer';
import { bookingTexts, type BookingTexts } from '../messages/booking-texts';
import {
  admitAll,
  admitUnderHourlyLimit,
  orderLimitExceeded,
  orderLimitMessage,
} from './order-limit';
import { Problem, unauthorized } from '../http/problems';
import type { BookingPrice } from '../money/order-price';
import {
  bookingOutcomes,
  insertShipments,
  newReference,
  type NewShipment,
  type WithNewShipments,
} from './shipments';

export interface Booked {
  data: {
    reference_number: string;
    price?: { version: number; amount_kobo: number };
    estimate?: { version: number; low_kobo: number; high_kobo: number };
  };
  replayed: boolean;
}

/** What a booking needs of the server: the database, the batches, the mail sender and the hourly limit. */
export interface BookingDeps {
  db: DB;
  bookings: BookingBatches;
  mailer: Pick<Mailer, 'wake'>;
  config: Pick<ServerConfig, 'orderRateLimit'>;
}

/** Who books, as the route read it from the request. */
export interface Booker {
  /** The SHA-256 of the bearer token: the statement stores the booking only for its live session. */
  tokenHash: string;
  /** The request's Idempotency-Key and hash (./idempotency.ts), when it carries one. */
  idempotency: IdempotencyKey | null;
}

const bookedWith = (db: DB, customer: Pick<User, 'id'>, idempotency: IdempotencyKey) =>
  db
    .selectFrom('shipments')
    .select(['reference', 'request_hash', 'created_at'])
    .where('user_id', '=', customer.id)
    .where('idempotency_key', '=', idempotency.key)
    .executeTakeFirst();

interface BookingValues<Details> {
  /** The session's token hash, and the hourly limit when it is on. */
  customer: { tokenHash: string; limit: number | undefined };
  shipment: NewShipment;
  mail: MailContent;
  texts: BookingTexts;
  details: Details;
}

let statementCount = 0;

/**
 * The statement of one kind of booking, for one booking or several at once: `storeDetails` adds
 * their detail rows (`insertDetails`, ../orders/shipments.ts). Built once per shape
 * (../orders/reusable-statement.ts).
 */
export function bookingStatement<Details extends object>(
  storeDetails: (
    withShipments: WithNewShipments,
    bookings: Array<{ reference: string; details: Details }>,
  ) => QueryCreator<any>,
  /** The number the booking names beside the account's (a delivery's sender, a quote's contact), texted too. */
  namedNumber: (details: Details) => string | null | undefined,
) {
  const statement = reusableStatement(
    (db: DB, { bookings }: { bookings: BookingValues<Details>[] }) => {
      const { limit } = bookings[0]!.customer;
      const keyed = bookings[0]!.shipment.idempotency_key !== undefined;
      const withShipments = insertShipments(
        db,
        bookings.map(({ customer, shipment, mail, texts }) => ({
          tokenHash: customer.tokenHash,
          shipment,
          mail,
          texts,
        })),
        limit === undefined ? admitAll : admitUnderHourlyLimit(limit, keyed),
      );
      const withDetails = storeDetails(
        withShipments,
        bookings.map(({ shipment, details }) => ({ reference: shipment.reference, details })),
      ) as unknown as WithNewShipments;
      return bookingOutcomes(withDetails);
    },
  );
  return { id: statementCount++, statement, namedNumber };
}

type BookingStatement<Details extends object> = ReturnType<typeof bookingStatement<Details>>;

interface Booking {
  statement: BookingStatement<object>;
  values: BookingValues<object>;
}

/** What became of a booking: stored, not stored for want of a live session, or not stored for another reason (a repeated key, the limit). */
type Outcome = 'stored' | 'signed-out' | 'not-stored';

export type BookingBatches = Batches<Booking, Outcome>;

/**
 * Bookings waiting together run as one statement: by default up to 16, in up to 4 statements at
 * once (4 of the pool's 10 connections). Only bookings of one statement and shape go together,
 * so the statements stay few and reused.
 */
export const bookingBatches = (db: DB, limits: BatchLimits): BookingBatches =>
  new Batches<Booking, Outcome>(async (bookings) => {
    const { rows } = await db.executeQuery<{ position: number | null; reference: string | null }>(
      bookings[0]!.statement.statement(db, { bookings: bookings.map((booking) => booking.values) }),
    );
    const live = new Set(rows.map((row) => row.position));
    const stored = new Set(rows.map((row) => row.reference));
    return bookings.map(({ values }, position) =>
      stored.has(values.shipment.reference)
        ? 'stored'
        : live.has(position)
          ? 'not-stored'
          : 'signed-out',
    );
  }, limits);

const store = <Details extends object>(
  services: Pick<BookingDeps, 'bookings'>,
  statement: BookingStatement<Details>,
  values: BookingValues<Details>,
) =>
  services.bookings.add(`${statement.id}:${shapeOf(values)}`, {
    statement,
    values,
  } as unknown as Booking);

/**
 * The signed-in customer of `booker`'s session books `serviceType`, with `details` stored by
 * `statement` and the price or estimate the tariff gave (../money/order-price.ts) on the shipment
 * and in the mail.
 */
export async function book<Details extends object>(
  services: BookingDeps,
  booker: Booker,
  serviceType: ServiceType,
  statement: BookingStatement<Details>,
  details: Details,
  /** The job's date (a delivery's pickup, a move's date), written with the shipment. */
  jobDate: string | null,
  price: BookingPrice = { columns: {} },
  isRetry = false,
): Promise<Booked> {
  const { mailer, config } = services;
  const { idempotency, tokenHash } = booker;
  const limit = config.orderRateLimit;
  const reference = newReference();
  const values: BookingValues<Details> = {
    customer: { tokenHash, limit: limit === 0 ? undefined : limit },
    shipment: {
      reference,
      service_type: serviceType,
      idempotency_key: idempotency?.key,
      request_hash: idempotency?.hash,
      // Written here rather than by the detail rows' triggers, which then leave the new row alone:
      // each later update of it would write every index of shipments again (migration 017).
      job_date: jobDate,
      ...price.columns,
    },
    mail: bookingMail(reference, serviceType, price.mailLine),
    texts: bookingTexts(reference, statement.namedNumber(details) ?? null),
    details,
  };
  const outcome = await store(services, statement, values);
  if (outcome === 'signed-out') throw unauthorized();
  if (outcome === 'not-stored') {
    // Null when the booking may go ahead after all (an expired key cleared, the hour has room again).
    const answer = await answerWithoutBooking(services, booker, isRetry);
    return answer ?? book(services, booker, serviceType, statement, details, jobDate, price, true);
  }
  mailer.wake();
  return { data: { reference_number: reference, ...price.answer }, replayed: false };
}

/**
 * The customer's booking was not stored: the first answer when the request repeats a booking
 * already made, else 429 when the account is at its hourly limit. Null when it may be tried
 * again: the key's first use is over 24 hours old (and now cleared), or the hour has room again
 * by now. A second try that is refused again answers 429.
 */
async function answerWithoutBooking(
  services: BookingDeps,
  { tokenHash, idempotency }: Booker,
  isRetry: boolean,
): Promise<Booked | null> {
  const { db, config } = services;
  const customer = await sessionUser(db, tokenHash);
  if (!customer) throw unauthorized();
  const first = idempotency && (await bookedWith(db, customer, idempotency));
  if (first && idempotency) {
    if (checkReplay(first, idempotency) === 'replay')
      return { data: { reference_number: first.reference }, replayed: true };
    // The key's first use is over 24 hours old and not yet cleared: it starts afresh.
    await db
      .updateTable('shipments')
      .set({ idempotency_key: null })
      .where('user_id', '=', customer.id)
      .where('idempotency_key', '=', idempotency.key)
      .execute();
    return null;
  }
  const limit = config.orderRateLimit;
  const refusal = limit > 0 ? await orderLimitExceeded(db, customer.id, limit) : null;
  if (refusal) throw refusal;
  if (!isRetry) return null;
  // Not stored twice with no limit and no earlier use of its key: nothing explains it.
  if (limit === 0) throw new Error('booking not stored, for no known reason');
  // Refused twice, yet the shipments show room: bookings of this account are being stored right now.
  throw new Problem(429, orderLimitMessage(limit, 1), {}, { 'retry-after': '1' });
}
