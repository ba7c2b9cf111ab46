/** Mover and packer applications, stored for the recruiting team. */
import type { Insertable } from 'kysely';
import type { ApplicationsTable, DB } from '../db/database';
import type { IdempotencyKey } from '../orders/idempotency';

/**
 * Stores one application. A retried submit (same Idempotency-Key, same request) matches the
 * unique index and stores nothing.
 */
export async function storeApplication(
  db: DB,
  application: Omit<Insertable<ApplicationsTable>, 'idempotency_key' | 'request_hash'>,
  idempotency: IdempotencyKey | null,
): Promise<void> {
  await db
    .insertInto('applications')
    .values({ ...application, idempotency_key: idempotency?.key, request_hash: idempotency?.hash })
    .onConflict((conflict) =>
      conflict
        .columns(['idempotency_key', 'request_hash'])
        .where('idempotency_key', 'is not', null)
        .doNothing(),
    )
    .execute();
}
