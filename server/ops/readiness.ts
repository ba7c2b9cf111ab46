/**
 * What /readyz reports (routes/health.ts): the state of each dependency, the database, the mail
 * backlog and Redis when configured, each checked within its own limit so the whole answer stays
 * under 3 s.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { Mailer } from '../mail/outbox';

const CHECK_TIMEOUT_MS = 2_000;

function withinLimit<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

const failure = (error: unknown) => ({
  status: 'down' as const,
  error: error instanceof Error ? error.message : String(error),
});

export async function checkDependencies({
  db,
  mailer,
  redis,
}: {
  db: DB;
  mailer: Mailer;
  redis: Redis | null;
}) {
  const [database, mail, cache] = await Promise.all([
    withinLimit(sql`select 1`.execute(db)).then(() => ({ status: 'up' as const }), failure),
    withinLimit(mailer.backlog()).then(
      ({ pending, failed, oldest_pending }) => ({
        status: 'up' as const,
        pending,
        failed,
        oldest_pending,
      }),
      failure,
    ),
    redis ? withinLimit(redis.ping()).then(() => ({ status: 'up' as const }), failure) : null,
  ]);
  return { database, ...(cache ? { redis: cache } : {}), mail };
}
