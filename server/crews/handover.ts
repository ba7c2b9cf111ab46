/**
 * Handover codes (docs/crews.md, "Handover codes"): a drop-off's or an unloading's 4 random
 * digits, made when the crew taps On the way and texted to the person receiving; only the
 * SHA-256 of the stop's public id with the code is stored (so one stop's hash says nothing of
 * another's), and the code is in no answer and no log. Five wrong codes lock the stop's code:
 * the crew then hands over with a photo and the receiver's name. A wrong try is counted by one
 * UPDATE whose WHERE holds the limit, so any number of tries at once count exactly.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database';

export const MAX_CODE_TRIES = 5;

export const newHandoverCode = () => String(crypto.randomInt(0, 10_000)).padStart(4, '0');

export const handoverCodeHash = (stopPublicId: string, code: string) =>
  crypto.createHash('sha256').update(`handover:${stopPublicId}:${code}`).digest('hex');

export function isHandoverCode(
  stop: { public_id: string; code_hash: string | null },
  code: string,
): boolean {
  if (!stop.code_hash) return false;
  const given = Buffer.from(handoverCodeHash(stop.public_id, code), 'hex');
  const kept = Buffer.from(stop.code_hash, 'hex');
  return given.length === kept.length && crypto.timingSafeEqual(given, kept);
}

/** What a wrong code leaves: the tries left, 0 once it locked the code. */
export async function countWrongCode(db: DB, stopId: number): Promise<number> {
  const counted = await db
    .updateTable('stops')
    .set((eb) => ({
      code_tries: eb('code_tries', '+', 1),
      // The try that reaches the limit locks the code (the SET reads the row before this UPDATE).
      code_locked_at: sql<Date | null>`case when ${eb.ref('code_tries')} + 1 >= ${MAX_CODE_TRIES} then now() end`,
    }))
    .where('id', '=', stopId)
    .where('code_tries', '<', MAX_CODE_TRIES)
    .where('code_locked_at', 'is', null)
    .returning('code_tries')
    .executeTakeFirst();
  return counted ? MAX_CODE_TRIES - counted.code_tries : 0;
}
