/**
 * A crew member's actions taken without network (docs/crews.md, "Actions sent later"): the phone
 * keeps them with the time they were taken and sends them in order when the network is back.
 *
 * - `stop_events.at` stays the event's time, now the time the action was taken on the phone
 *   (`taken_at`) when it says one; `received_at` is when the server got it, for staff.
 * - `stop_events.idempotency_key` and `request_hash`: the phone's `Idempotency-Key`, so an action
 *   sent again (its answer lost on the way back) is recorded once and answered again. Looked up
 *   under the order's and the stop's locks, by stop, so no unique index is needed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stop_events')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update stop_events set received_at = at`.execute(db);
  await db.schema.alterTable('stop_events').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('stop_events').addColumn('request_hash', 'text').execute();
  await db.schema
    .createIndex('stop_events_stop')
    .on('stop_events')
    .columns(['stop_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stop_events_stop').execute();
  await db.schema.alterTable('stop_events').dropColumn('request_hash').execute();
  await db.schema.alterTable('stop_events').dropColumn('idempotency_key').execute();
  await db.schema.alterTable('stop_events').dropColumn('received_at').execute();
}
