/**
 * The typed database interface (one place, Kysely's recipe) and the connection: embedded PGlite
 * under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Migrations run on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Generated, type Selectable } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceType, ShipmentStatus } from '../../src/api/contract';
import { migrations } from './migrations';

export type CodePurpose = 'email_verification' | 'password_reset' | 'reset_session';
export type ApplicationRole = 'mover' | 'packer';

export interface UsersTable {
  id: Generated<number>;
  fullname: string;
  email: string;
  phone: string;
  password_hash: string;
  /** File name under DATA_DIR/uploads. */
  profile_image: string | null;
  email_verified_at: Date | null;
  created_at: Generated<Date>;
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

export interface ApplicationsTable {
  id: Generated<number>;
  role: ApplicationRole;
  full_name: string;
  email: string | null;
  age: number;
  mobile_number: string;
  location: string;
  created_at: Generated<Date>;
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
}

export interface ShipmentStatusChangesTable {
  id: Generated<number>;
  shipment_id: number;
  status: ShipmentStatus;
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
}

/** Instant, scheduled and bulk deliveries: one sender, one or more receivers. */
export interface DeliveriesTable {
  shipment_id: number;
  pickup_address: string;
  sender_fullname: string;
  sender_phone: string;
  pickup_date: string | null;
  description: string;
}

export interface DeliveryReceiversTable {
  id: Generated<number>;
  shipment_id: number;
  position: number;
  address: string;
  name: string;
  phone: string;
  delivery_date: string | null;
}

export interface NewsletterSubscribersTable {
  email: string;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  applications: ApplicationsTable;
  shipments: ShipmentsTable;
  shipment_status_changes: ShipmentStatusChangesTable;
  quotes: QuotesTable;
  deliveries: DeliveriesTable;
  delivery_receivers: DeliveryReceiversTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

export type User = Selectable<UsersTable>;
export type Shipment = Selectable<ShipmentsTable>;
export type DB = Kysely<Database>;

/**
 * Dates (YYYY-MM-DD) come back as text, not as a Date at local midnight that would shift with
 * the server's time zone.
 */
const DATE_OID = 1082;

function dialectFor(databaseUrl: string | null, dataDir: string, log: FastifyBaseLogger) {
  if (databaseUrl) {
    const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser };
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });
    // An idle connection the server drops (a restart, a closing pool) must not end the process.
    pool.on('error', (error) => log.warn({ err: error }, 'idle database connection lost'));
    return new PostgresDialect({ pool });
  }
  const directory = path.join(dataDir, 'db');
  fs.mkdirSync(directory, { recursive: true });
  return new PGliteDialect(new PGlite(directory, { parsers: { [DATE_OID]: (value: string) => value } }));
}

/** Opens the database and brings its schema up to date; throws when a migration fails. */
export async function openDatabase(databaseUrl: string | null, dataDir: string, log: FastifyBaseLogger): Promise<DB> {
  const db = new Kysely<Database>({ dialect: dialectFor(databaseUrl, dataDir, log) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
