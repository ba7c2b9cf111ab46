/**
 * The tariff's versions (migration 011): the newest one prices every preview and booking; saving
 * adds the next version and never changes an older one, so each order keeps the price it was
 * given (docs/prices.md). The newest is kept in memory for a few seconds, and at once replaced
 * when this server saves, so a booking costs no extra round trip most of the time.
 */
import { sql } from 'kysely';
import { tariffRules, type StaffTariff, type TariffBody } from '../../src/api/contract';
import type { Tariff } from '../../src/api/pricing';
import type { DB } from '../db/database';
import { conflictWith } from '../http/problems';
import { defaultTariff } from './default-tariff';

/** How long another server's save may take to reach this one's previews and bookings. */
const FRESH_MS = 5_000;

interface Cached {
  tariff: StaffTariff;
  readAt: number;
}
const cache = new WeakMap<DB, Cached>();

export const TARIFF_CHANGED =
  'Someone saved the prices meanwhile. Their version is shown; check your changes and save again.';

async function readNewest(db: DB): Promise<StaffTariff | undefined> {
  const row = await db
    .selectFrom('tariffs')
    .leftJoin('users', 'users.id', 'tariffs.saved_by')
    .select(['tariffs.version', 'tariffs.rules', 'tariffs.saved_at', 'users.fullname'])
    .orderBy('tariffs.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const rules = tariffRules.parse(
    typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules,
  );
  return {
    ...rules,
    version: row.version,
    saved_at: row.saved_at.toISOString(),
    saved_by: row.fullname ?? null,
  };
}

const json = (rules: object) => sql`${JSON.stringify(rules)}::jsonb`;

/** The newest tariff; on first start the default one is stored as version 1. */
export async function currentTariff(db: DB, now = Date.now()): Promise<StaffTariff> {
  const cached = cache.get(db);
  if (cached && now - cached.readAt < FRESH_MS) return cached.tariff;
  let tariff = await readNewest(db);
  if (!tariff) {
    await db
      .insertInto('tariffs')
      .values({ version: 1, rules: json(defaultTariff) })
      .onConflict((c) => c.column('version').doNothing())
      .execute();
    tariff = (await readNewest(db))!;
  }
  cache.set(db, { tariff, readAt: now });
  return tariff;
}

/** The rules without who saved them: what the price function reads. */
export const pricingOf = ({ saved_at: _at, saved_by: _by, ...tariff }: StaffTariff): Tariff =>
  tariff;

/**
 * Saves `body` as the version after the one it was read at. Another save since then (of that
 * same next version, or later ones) answers 409 with the newest version.
 */
export async function saveTariff(
  db: DB,
  body: TariffBody,
  staffUserId: number | null,
): Promise<StaffTariff> {
  const { version, ...rules } = body;
  const inserted = await db
    .insertInto('tariffs')
    .columns(['version', 'rules', 'saved_by'])
    .expression(
      db
        .selectNoFrom([
          sql.lit(version + 1).as('version'),
          json(rules).as('rules'),
          sql`${staffUserId}::integer`.as('saved_by'),
        ])
        .where(sql<boolean>`(select max(version) from tariffs) = ${version}`),
    )
    .onConflict((c) => c.column('version').doNothing())
    .returning('version')
    .executeTakeFirst();
  cache.delete(db);
  const newest = await currentTariff(db);
  if (!inserted) throw conflictWith(TARIFF_CHANGED, { data: newest });
  return newest;
}
