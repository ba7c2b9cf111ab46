/**
 * Expired sessions are deleted in the background, never on a request's path: a round every
 * `everyMs`, deleting at most `batchSize` rows a statement and `BATCHES_PER_ROUND` statements a
 * round, so a backlog (the first round after months) is worked off over several rounds without
 * holding the database for long. Instances on one PostgreSQL skip the rows another is deleting.
 * Rounds never overlap; the server waits for a running one before it closes the database.
 */
import { sql } from 'kysely';
import type { Log } from '../log';
import type { DB } from '../db/database';

const BATCHES_PER_ROUND = 20;

export interface SessionPurgeSettings {
  everyMs: number;
  batchSize: number;
}

async function deleteExpiredBatch(db: DB, batchSize: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('sessions')
    .where('token_hash', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('token_hash')
        .where('expires_at', '<', sql<Date>`now()`)
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** Starts the rounds; `stop` ends them and resolves once the running one (if any) is done. */
export function purgeExpiredSessions(
  db: DB,
  log: Log,
  { everyMs, batchSize }: SessionPurgeSettings,
) {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;

  async function purge(): Promise<void> {
    for (let batch = 0; batch < BATCHES_PER_ROUND && !stopped; batch++) {
      if ((await deleteExpiredBatch(db, batchSize)) < batchSize) return;
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      round = purge()
        .catch((error: unknown) => log.warn({ err: error }, 'expired sessions not purged'))
        .finally(() => stopped || schedule());
    }, everyMs).unref();
  };
  schedule();

  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
