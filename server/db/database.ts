/**
 * The typed database interface (one place, Kysely's recipe) and the connection: embedded PGlite
 * under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Migrations run on open.
 */
import path from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type ColumnType,
  type Generated,
  type Selectable,
} from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Log } from '../log';
import type {
  ApplicationStatus,
  PaymentState,
  RefundState,
  ServiceType,
  ShipmentStatus,
  TextChannel,
  TextState,
  UserRole,
  Vehicle,
  StopKind,
  StopState,
  StopEventType,
  FailureReason,
} from '../../src/api/contract';
import { makePrivateFolder } from './data-dir';
import { boundedWait } from './bounded-wait';
import { lockDataDir } from './data-dir-lock';
import { migrations } from './migrations';
import { preparedStatementsPool } from './prepared-statements';

export type CodePurpose = 'email_verification' | 'password_reset' | 'reset_session';
export type ApplicationRole = 'mover' | 'packer';

export interface UsersTable {
  id: Generated<number>;
  /** The id the API shows (a random uuid); `id` never leaves the server. */
  public_id: Generated<string>;
  fullname: string;
  email: string;
  phone: string;
  password_hash: string;
  /** Name of a row in `files`. */
  profile_image: string | null;
  email_verified_at: Date | null;
  created_at: Generated<Date>;
  role: Generated<UserRole>;
  /** Set when the customer deleted the account: the row stays, anonymised, for the orders' books (migration 015). */
  deleted_at: Date | null;
  /** The channels the account's own number is texted on (migration 018): SMS on, WhatsApp off at first. */
  text_sms: Generated<boolean>;
  text_whatsapp: Generated<boolean>;
}

export interface SessionsTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  failed_attempts: Generated<number>;
  expires_at: Date;
  created_at: Generated<Date>;
}

/** Failed logins per account in the current window (server/accounts/login-throttle.ts). */
export interface LoginFailuresTable {
  email_hash: string;
  attempts: number;
  window_started_at: Date;
}

/** Tries of one kind of mailed code per account in the current window (server/accounts/code-limits.ts). */
export interface CodeFailuresTable {
  user_id: number;
  purpose: CodePurpose;
  tries: number;
  window_started_at: Date;
}

/** Codes of one kind issued to an account in the current window (server/accounts/code-limits.ts). */
export interface CodeIssuesTable {
  user_id: number;
  purpose: CodePurpose;
  issued: number;
  window_started_at: Date;
  last_issued_at: Date;
  alerted_at: Date | null;
}

/** Codes mailed to one address in the current hour (server/mail/outbox.ts). */
export interface MailRecipientCountsTable {
  recipient_hash: string;
  mails: number;
  window_started_at: Date;
}

export interface ApplicationsTable {
  id: Generated<number>;
  role: ApplicationRole;
  full_name: string;
  email: string | null;
  age: number;
  mobile_number: string;
  location: string;
  created_at: Generated<Date>;
  status: Generated<ApplicationStatus>;
  /** The Idempotency-Key it was sent with (cleared after 24 hours) and the request's hash. */
  idempotency_key: string | null;
  request_hash: string | null;
}

/** Saved tariffs, one row per version (docs/prices.md). */
export interface TariffsTable {
  version: number;
  rules: unknown;
  saved_at: Generated<Date>;
  saved_by: number | null;
}

type Kobo = ColumnType<string | number | bigint, number, never>;

/** An online payment attempt: one Paystack reference each (server/money/payments.ts). */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  shipment_id: number;
  reference: string;
  amount_kobo: Kobo;
  currency: string;
  state: ColumnType<
    'pending' | 'paid' | 'failed' | 'mismatch',
    'pending' | undefined,
    'pending' | 'paid' | 'failed' | 'mismatch'
  >;
  reported_kobo: ColumnType<string | number | bigint | null, never, number | null>;
  reported_currency: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  /** Made against the built-in test gateway (PAYSTACK_TEST_MODE): no real money (migration 015). */
  test_mode: Generated<boolean>;
}

/** Money received, online or at the office; insert-only, one receipt each. */
export interface PaymentsTable {
  id: Generated<number>;
  shipment_id: number;
  amount_kobo: Kobo;
  method: string;
  paystack_reference: string | null;
  office_reference: string | null;
  /** YYYY-MM-DD, the day staff say an office payment arrived. */
  paid_on: string | null;
  receipt_number: string;
  actor: Actor;
  actor_user_id: number | null;
  paid_at: Generated<Date>;
  /** Paid through the built-in test gateway (PAYSTACK_TEST_MODE): no real money (migration 015). */
  test_mode: Generated<boolean>;
}

export interface ReceiptCountersTable {
  year: number;
  last_number: number;
}

export interface RefundsTable {
  id: Generated<number>;
  shipment_id: number;
  payment_id: number;
  amount_kobo: Kobo;
  fee_kobo: ColumnType<string | number | bigint, number, never>;
  route: 'card' | 'office';
  state: ColumnType<RefundState, RefundState | undefined, RefundState>;
  /** Why it is owed: an overpayment or a cancellation. */
  reason: string;
  /** YYYY-MM-DD, Lagos. */
  due_by: string;
  paystack_refund_id: string | null;
  reference: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  done_at: Date | null;
  actor: Actor;
  actor_user_id: number | null;
  done_actor: Actor | null;
  done_actor_user_id: number | null;
  /** Whom to pay it back to once the account is deleted; cleared when paid (migration 015). */
  payee_name: string | null;
  payee_email: string | null;
  payee_phone: string | null;
}

/** Every quote and delivery: the part tracking, the orders list and staff share. */
export interface ShipmentsTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  service_type: ServiceType;
  status: Generated<ShipmentStatus>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /**
   * A delivery's pickup date or a move's moving date, copied by the database (migration 012); an
   * instant delivery's is the day it was booked, Lagos time (migration 017).
   */
  job_date: Generated<string | null>;
  /** The first day a cancellation keeps the fee, kept by a reschedule inside the fee window (migration 014). */
  cancellation_fee_from: string | null;
  /** Its live offer's state (open or accepted) and last valid day, copied by the database (migration 013). */
  live_offer_state: ColumnType<'open' | 'accepted' | null, 'accepted' | undefined, never>;
  live_offer_valid_until: ColumnType<string | null, string | undefined, never>;
  /** The Idempotency-Key it was booked with (cleared after 24 hours) and the request's hash. */
  idempotency_key: string | null;
  request_hash: string | null;
  /** The tariff version that priced it at booking (migration 011), and its price or a move's estimate. */
  price_version: number | null;
  /** What the customer declared the goods are worth, if they did (migration 017; the terms' liability). */
  declared_value_kobo: ColumnType<
    string | number | bigint | null,
    number | null | undefined,
    never
  >;
  tariff_price_kobo: ColumnType<string | number | bigint | null, number | undefined, never>;
  estimate_low_kobo: ColumnType<string | number | bigint | null, number | undefined, never>;
  estimate_high_kobo: ColumnType<string | number | bigint | null, number | undefined, never>;
  /**
   * Money totals, kept by triggers from the rows below (migration 010); bigint, so wrap in Number().
   * A booking priced at once writes its accepted price with the row (migration 017).
   */
  price_kobo: ColumnType<string | number | bigint | null, number | undefined, never>;
  paid_kobo: ColumnType<string | number | bigint, undefined, never>;
  refunded_kobo: ColumnType<string | number | bigint, undefined, never>;
  cancellation_fee_kobo: ColumnType<string | number | bigint, never, number>;
  /** Generated from the totals and the status (migration 010): null until a price is accepted. */
  payment_state: ColumnType<PaymentState | null, undefined, never>;
}

export interface ShipmentStatusChangesTable {
  id: Generated<number>;
  shipment_id: number;
  status: ShipmentStatus;
  changed_at: Generated<Date>;
  /** Who moved it (null: the booking itself) and why. */
  actor: Actor | null;
  actor_user_id: number | null;
  note: string | null;
}

/** Who did something to an order: its customer, a staff member, the ops command, or a crew member. */
export type Actor = 'customer' | 'staff' | 'ops' | 'crew';

export interface OffersTable {
  id: Generated<number>;
  shipment_id: number;
  /** bigint: up to ₦100,000,000 is 10^10 kobo; read back as a string or a bigint, so wrap in Number(). */
  amount_kobo: ColumnType<string | number | bigint, number, never>;
  note: string | null;
  /** YYYY-MM-DD, Lagos time. */
  valid_until: string;
  /** `expired` is not stored: an open offer past its day reads as expired. */
  state: Generated<'open' | 'accepted' | 'declined' | 'replaced'>;
  actor: Actor;
  actor_user_id: number | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  decline_reason: string | null;
  /** A correction of the accepted offer named, with staff's reason (migration 014). */
  corrects_offer_id: number | null;
  correction_reason: string | null;
}

export interface OrderReschedulesTable {
  id: Generated<number>;
  shipment_id: number;
  /** What moved, as the history shows it. */
  note: string;
  changed_at: Generated<Date>;
}

export interface QuotesTable {
  shipment_id: number;
  moving_from_address: string;
  moving_from_apartment_type: string;
  number_of_room_moving_from: string;
  from_floor: string;
  moving_to_address: string;
  moving_to_apartment_type: string;
  number_of_room_moving_to: string;
  to_floor: string;
  full_name: string | null;
  email: string | null;
  mobile_phone: string | null;
  services: string;
  moving_date: string | null;
  date_of_inspection: string | null;
  description: string | null;
  image: string | null;
  moving_from_state: string | null;
  moving_from_lga: string | null;
  moving_to_state: string | null;
  moving_to_lga: string | null;
  /** What stands near each home, as the customer wrote it (migration 020). */
  moving_from_landmark: string | null;
  moving_to_landmark: string | null;
}

/** Instant, scheduled and bulk deliveries: one sender, one or more receivers. */
export interface DeliveriesTable {
  shipment_id: number;
  pickup_address: string;
  sender_fullname: string;
  sender_phone: string;
  pickup_date: string | null;
  description: string;
  pickup_state: string | null;
  pickup_lga: string | null;
  /** What stands near the pickup address, as the customer wrote it (migration 020). */
  pickup_landmark: string | null;
}

export interface DeliveryReceiversTable {
  id: Generated<number>;
  shipment_id: number;
  position: number;
  address: string;
  name: string;
  phone: string;
  delivery_date: string | null;
  state: string | null;
  lga: string | null;
  /** What stands near the receiver's address (migration 020). */
  landmark: string | null;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: Generated<Date>;
}

/** Uploaded images, served at /uploads/<name>. */
export interface FilesTable {
  name: string;
  owner_id: number;
  content_type: string;
  bytes: Uint8Array;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'failed'>;
  /** 0: codes and security mail, sent first; 1: every other mail. */
  priority: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
}

/** A text to a phone, queued with its event and kept as history for staff (server/messages/outbox.ts). */
export interface TextsTable {
  id: Generated<number>;
  shipment_id: number | null;
  /** What caused it (`booking:12`, `status:12:Shipped`…); unique with the recipient and the channel. */
  event: string;
  /** E.164. */
  recipient: string;
  channel: TextChannel;
  /** Its template's name (server/messages/templates.ts), as staff see it. */
  template: string;
  /** The text, with the site's origin as a mark; emptied once sent or given up. */
  body: string;
  /** Sent even to a number that opted out (a handover code, with the crews). */
  essential: Generated<boolean>;
  state: Generated<TextState>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
}

/** One private tracking link per order and recipient (server/messages/track-links.ts). */
export interface TrackLinksTable {
  id: Generated<number>;
  shipment_id: number;
  recipient: string;
  audience: 'customer' | 'receiver';
  created_at: Generated<Date>;
}

/** The SHA-256 of each token a text carried for a link; the tokens themselves are never stored. */
export interface TrackLinkTokensTable {
  token_hash: string;
  link_id: number;
  created_at: Generated<Date>;
}

/** Numbers that opted out of notices from a link's page. */
export interface TextOptOutsTable {
  recipient: string;
  opted_out_at: Generated<Date>;
}

/** A team with a vehicle (migration 019, docs/crews.md). */
export interface CrewsTable {
  id: Generated<number>;
  public_id: Generated<string>;
  name: string;
  vehicle: Vehicle;
  plate: string;
  created_at: Generated<Date>;
}

/** An account in a crew (one crew each); the lead is the face and the phone the customer sees. */
export interface CrewMembersTable {
  crew_id: number;
  user_id: number;
  is_lead: Generated<boolean>;
  added_at: Generated<Date>;
}

/** An order's crew and window (Lagos date, `HH:MM`); assigning again replaces it. */
export interface AssignmentsTable {
  shipment_id: number;
  crew_id: number;
  date: string;
  window_start: string;
  window_end: string;
  assigned_by: number | null;
  assigned_at: Generated<Date>;
}

/** Where the crew picks up or hands over; a handover keeps its code hashed with its wrong tries. */
export interface StopsTable {
  id: Generated<number>;
  public_id: Generated<string>;
  shipment_id: number;
  position: number;
  kind: StopKind;
  address: string;
  /** The address's landmark note, copied from the booking when the stop is written (migration 020). */
  landmark: string | null;
  contact_name: string;
  /** E.164. */
  contact_phone: string;
  state: Generated<StopState>;
  code_hash: string | null;
  code_tries: Generated<number>;
  code_locked_at: Date | null;
  /** Handed over without the code (a photo and the receiver's name instead): staff review it. */
  without_code: Generated<boolean>;
  receiver_name: string | null;
  done_at: Date | null;
  done_by: number | null;
  /** Staff looked at a handover made without the code: it no longer needs attention. */
  reviewed_at: Date | null;
  reviewed_by: number | null;
}

/** An assignment or reassignment as staff made it: the order's history reads it. */
export interface AssignmentChangesTable {
  id: Generated<number>;
  shipment_id: number;
  crew_id: number;
  date: string;
  window_start: string;
  window_end: string;
  actor: Extract<Actor, 'staff' | 'ops'>;
  actor_user_id: number | null;
  changed_at: Generated<Date>;
}

/** Each action of a crew member at a stop: the crew's part of the order's history. */
export interface StopEventsTable {
  id: Generated<number>;
  stop_id: number;
  shipment_id: number;
  type: StopEventType;
  user_id: number | null;
  /** When the action was taken: on the phone (`taken_at`) when it said, else when it arrived. */
  at: Generated<Date>;
  /** When the server got it (migration 021). */
  received_at: Generated<Date>;
  /** The phone's Idempotency-Key and the request's hash: a repeat is answered, not recorded. */
  idempotency_key: string | null;
  request_hash: string | null;
  reason: FailureReason | null;
  note: string | null;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
}

/** A proof photo of a handover or a condition photo of a move (a row of `files`). */
export interface StopPhotosTable {
  stop_id: number;
  event_id: number;
  file_name: string;
  purpose: 'proof' | 'condition';
}

/** Texts sent to one number in the current hour (server/messages/outbox.ts). */
export interface TextRecipientCountsTable {
  recipient: string;
  texts: number;
  window_started_at: Date;
}

/** Keys the server makes for itself, shared by every instance on the database (server/db/server-keys.ts). */
export interface ServerKeysTable {
  name: string;
  /** base64 */
  key: string;
  created_at: Generated<Date>;
}

/** An account's bookings of the last hour, for the hourly limit (server/orders/order-limit.ts). */
export interface BookingWindowsTable {
  user_id: number;
  booked_at: Date[];
  granted: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  login_failures: LoginFailuresTable;
  code_failures: CodeFailuresTable;
  code_issues: CodeIssuesTable;
  mail_recipient_counts: MailRecipientCountsTable;
  applications: ApplicationsTable;
  shipments: ShipmentsTable;
  shipment_status_changes: ShipmentStatusChangesTable;
  quotes: QuotesTable;
  deliveries: DeliveriesTable;
  delivery_receivers: DeliveryReceiversTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  offers: OffersTable;
  order_reschedules: OrderReschedulesTable;
  files: FilesTable;
  mail_outbox: MailOutboxTable;
  server_keys: ServerKeysTable;
  booking_windows: BookingWindowsTable;
  tariffs: TariffsTable;
  payment_attempts: PaymentAttemptsTable;
  payments: PaymentsTable;
  receipt_counters: ReceiptCountersTable;
  refunds: RefundsTable;
  texts: TextsTable;
  track_links: TrackLinksTable;
  track_link_tokens: TrackLinkTokensTable;
  text_opt_outs: TextOptOutsTable;
  text_recipient_counts: TextRecipientCountsTable;
  crews: CrewsTable;
  crew_members: CrewMembersTable;
  assignments: AssignmentsTable;
  stops: StopsTable;
  stop_events: StopEventsTable;
  stop_photos: StopPhotosTable;
  assignment_changes: AssignmentChangesTable;
}

export type User = Selectable<UsersTable>;
export type Shipment = Selectable<ShipmentsTable>;
export type DB = Kysely<Database>;

/**
 * Dates (YYYY-MM-DD) come back as text, not as a Date at local midnight that would shift with
 * the server's time zone.
 */
const DATE_OID = 1082;

/** Connections the server keeps to PostgreSQL (the bench's bare INSERT route uses as many). */
export const POOL_SIZE = 10;

interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** The longest any statement, connection wait or open transaction may take. */
  timeoutMs: number;
  log: Log;
}

function dialectFor({ databaseUrl, dataDir, timeoutMs, log }: DatabaseOptions) {
  if (databaseUrl) {
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL_SIZE,
      types,
      // Every wait bounded: getting a connection, a statement on the server, its answer reaching us
      // (a frozen connection), and a transaction left open.
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 1_000,
      idle_in_transaction_session_timeout: timeoutMs,
      keepAlive: true,
    });
    // An idle connection the server drops (a restart, a closing pool) must not end the process.
    pool.on('error', (error) => log.warn({ err: error }, 'idle database connection lost'));
    return new PostgresDialect({ pool: preparedStatementsPool(pool) });
  }
  const releaseDataDir = lockDataDir(dataDir);
  const directory = path.join(dataDir, 'db');
  makePrivateFolder(directory);
  const pglite = new PGlite(directory, {
    parsers: { [DATE_OID]: (value: string) => value },
    extensions: { pg_trgm },
  });
  return boundedWait(new PGliteDialect(pglite), timeoutMs, releaseDataDir);
}

/**
 * Opens the database and brings its schema up to date; throws when a migration fails, or
 * (DataDirInUseError) when another server holds the embedded database's folder.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DB> {
  const db = new Kysely<Database>({ dialect: dialectFor(options) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
