/**
 * One-time codes (6 random digits by mail) and reset sessions (a random token answered by
 * verify-otp). Stored only as SHA-256 hashes, single use, expiring, void after 5 wrong tries.
 */
import crypto from 'node:crypto';
import type { CodePurpose, DB } from '../db/database';

export const CODE_LIFETIME_SECONDS: Record<CodePurpose, number> = {
  email_verification: 300,
  password_reset: 600,
  reset_session: 600,
};
export const MAX_FAILED_ATTEMPTS = 5;

export const WRONG_CODE_MESSAGE = 'This code is wrong or has expired. Check your latest mail or request a new code.';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const codeHash = (purpose: CodePurpose, code: string) => sha256(`${purpose}:${code}`);

const sixRandomDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Issues a new code (or reset token) for the user, voiding the ones issued before it. */
export async function issueCode(db: DB, userId: number, purpose: CodePurpose): Promise<string> {
  const code = purpose === 'reset_session' ? crypto.randomBytes(32).toString('base64url') : sixRandomDigits();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('one_time_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: codeHash(purpose, code),
        expires_at: new Date(Date.now() + CODE_LIFETIME_SECONDS[purpose] * 1000),
      })
      .execute();
  });
  return code;
}

/**
 * Uses up a code and answers whose it was, or null. With the email given, a wrong code counts
 * against that account's live code; without (SPEC's verify calls send the code alone), the code
 * is looked up by its hash, and the per-address rate limit bounds guessing.
 */
export async function consumeCode(
  db: DB,
  purpose: CodePurpose,
  code: string,
  email: string | undefined,
): Promise<number | null> {
  const hash = codeHash(purpose, code);
  const live = db
    .selectFrom('one_time_codes')
    .select(['id', 'user_id', 'code_hash'])
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date())
    .where('failed_attempts', '<', MAX_FAILED_ATTEMPTS);
  const rows = await (email === undefined
    ? live.where('code_hash', '=', hash)
    : live.where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
  ).execute();
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row) return null;
  if (row.code_hash !== hash) {
    await db
      .updateTable('one_time_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return null;
  }
  // Deleting is the use: of two racing requests only the one that deletes the row succeeds.
  const deleted = await db.deleteFrom('one_time_codes').where('id', '=', row.id).executeTakeFirst();
  return deleted.numDeletedRows === 1n ? row.user_id : null;
}
