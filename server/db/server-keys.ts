/**
 * Keys the server makes for itself: 32 random bytes under a name, kept in the database so every
 * instance on one PostgreSQL (or each restart on one data folder) signs and checks with the same
 * one. The first instance to ask stores its key; any other, even at the same moment, reads that.
 * Kept as base64 text, which every driver (and the embedded database in any test environment)
 * reads and writes alike.
 */
import crypto from 'node:crypto';
import type { DB } from './database';

export async function serverKey(db: DB, name: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, key: crypto.randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const { key } = await db
    .selectFrom('server_keys')
    .select('key')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(key, 'base64');
}
