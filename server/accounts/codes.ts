/**
 * One-time codes (6 random digits by mail) and reset sessions (a random token answered by
 * verify-otp). Stored only as SHA-256 hashes, single use, expiring, void after 5 wrong tries.
 * A code belongs to one account: it is only ever checked against the live code of the account
 * whose email comes with it. The limits per account across codes (tries, codes issued) are in
 * ./code-limits.ts, applied by ./mailed-codes.ts.
 */
import crypto from 'node:crypto';
import type { CodePurpose, DB } from '../db/database';

export const CODE_LIFETIME_SECONDS: Record<CodePurpose, number> = {
  email_verification: 300,
  password_reset: 600,
  reset_session: 600,
};
export const MAX_FAILED_ATTEMPTS = 5;

// One message for a wrong, expired, void or unknown code and an unknown address alike: a
// different answer would tell who has an account.
export const WRONG_CODE_MESSAGE =
  'This code is wrong or has expired (a code stops working after 5 wrong tries). Check your latest mail or request a new code.';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const codeHash = (purpose: CodePurpose, code: string) => sha256(`${purpose}:${code}`);

const sixRandomDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Issues a new code (or reset token) for the user, replacing the one issued before it, in one
 * statement; `db` may be the transaction that also queues the mail carrying the code.
 */
export async function issueCode(db: DB, userId: number, purpose: CodePurpose): Promise<string> {
  const code =
    purpose === 'reset_session' ? crypto.randomBytes(32).toString('base64url') : sixRandomDigits();
  const fresh = {
    code_hash: codeHash(purpose, code),
    failed_attempts: 0,
    expires_at: new Date(Date.now() + CODE_LIFETIME_SECONDS[purpose] * 1000),
    created_at: new Date(),
  };
  await db
    .insertInto('one_time_codes')
    .values({ user_id: userId, purpose, ...fresh })
    .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(fresh))
    .execute();
  return code;
}

/**
 * Uses up the account's code and answers the account's id, or null. Counting a wrong try and
 * checking the limit are one UPDATE: the row lock makes concurrent guesses wait for each other
 * and re-check `failed_attempts < 5`, so no number of parallel requests tries more than five.
 */
export async function consumeCode(
  db: DB,
  purpose: CodePurpose,
  code: string,
  email: string,
): Promise<number | null> {
  const hash = codeHash(purpose, code);
  const tried = await db
    .updateTable('one_time_codes')
    .set((eb) => ({
      failed_attempts: eb(
        'failed_attempts',
        '+',
        eb.case().when('code_hash', '=', hash).then(0).else(1).end(),
      ),
    }))
    .where('purpose', '=', purpose)
    .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .where('expires_at', '>', new Date())
    .where('failed_attempts', '<', MAX_FAILED_ATTEMPTS)
    .returning(['id', 'user_id', 'code_hash'])
    .executeTakeFirst();
  if (tried?.code_hash !== hash) return null;
  // Deleting is the use: of two racing requests with the right code only the one that deletes
  // it succeeds (and a code issued in between, which changes the hash, is left alone).
  const deleted = await db
    .deleteFrom('one_time_codes')
    .where('id', '=', tried.id)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return deleted.numDeletedRows === 1n ? tried.user_id : null;
}
