/**
 * Failed logins limited per account, whatever address they come from (docs/security.md): at most
 * `max` attempts in a window of `windowMs` that starts at the first failure; then every login of
 * that account, right password or not, answers 429 until the window ends. The count lives in the
 * database, so every server instance shares it.
 */
import type { RateLimit } from '../config';
import type { DB, User } from '../db/database';
import { Problem } from '../http/problems';
import { sha256 } from './codes';
import { passwordMatches } from './passwords';

const keyOf = (email: string) => sha256(`login:${email}`);

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const throttledMessage = (seconds: number) =>
  `Too many failed logins for this account. To keep it safe, logging in is paused: please try again in ${inWords(seconds)}, or reset your password.`;

/**
 * Counts this attempt against the account before the password is checked, in one statement
 * (an upsert holds the row's lock), so concurrent guesses cannot all slip under the limit.
 * Answers the seconds to wait when the account is over the limit, else null.
 */
export async function countLoginAttempt(
  db: DB,
  email: string,
  { max, windowMs }: RateLimit,
): Promise<number | null> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - windowMs);
  const { attempts, window_started_at } = await db
    .insertInto('login_failures')
    .values({ email_hash: keyOf(email), attempts: 1, window_started_at: now })
    .onConflict((conflict) =>
      conflict.column('email_hash').doUpdateSet((eb) => {
        const ended = eb('login_failures.window_started_at', '<=', cutoff);
        return {
          attempts: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('login_failures.attempts', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(ended)
            .then(now)
            .else(eb.ref('login_failures.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  if (attempts <= max) return null;
  return Math.max(1, Math.ceil((window_started_at.getTime() + windowMs - now.getTime()) / 1000));
}

/** The refusal of a login while the account is over the limit: when to try again, in words and in Retry-After. */
export const loginThrottled = (seconds: number) =>
  new Problem(429, throttledMessage(seconds), {}, { 'retry-after': String(seconds) });

/**
 * Counts a login attempt against the account and refuses it (`loginThrottled`) while the account
 * is over the limit.
 */
export async function throttleAccount(db: DB, email: string, limit: RateLimit): Promise<void> {
  const wait = await countLoginAttempt(db, email, limit);
  if (wait !== null) throw loginThrottled(wait);
}

/**
 * Whether a signed-in user's password is right, for the calls that ask for it again (change the
 * password, delete the account): each try counts as a login of the account, so a stolen session
 * cannot guess the password faster than logins can, and both share one limit.
 */
export async function accountPasswordMatches(
  db: DB,
  user: Pick<User, 'email' | 'password_hash'>,
  password: string,
  limit: RateLimit,
): Promise<boolean> {
  await throttleAccount(db, user.email, limit);
  if (!(await passwordMatches(user.password_hash, password))) {
    await forgetEndedLoginWindows(db, limit);
    return false;
  }
  await clearLoginAttempts(db, user.email);
  return true;
}

/** A right password (or a finished reset, which proves the mailbox) clears the account's count. */
export async function clearLoginAttempts(db: DB, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email_hash', '=', keyOf(email)).execute();
}

/** Forgets windows that have ended, so the table holds only what is throttling now. */
export async function forgetEndedLoginWindows(db: DB, { windowMs }: RateLimit): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('window_started_at', '<=', new Date(Date.now() - windowMs))
    .execute();
}
