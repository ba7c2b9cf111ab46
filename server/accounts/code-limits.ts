/**
 * Limits per account on the mailed codes (docs/security.md), on top of the five wrong
 * tries of each code: without them every new code brought five fresh tries, and codes could be
 * farmed. Per account and kind of code (verification, reset), within a window that starts at
 * the first count:
 * - tries across every code issued: `triesPerWindow`, then no code of that kind is checked;
 * - codes issued: `issuedPerWindow`, and not two within `issueIntervalMs`.
 * Each count is one upsert whose row lock makes concurrent requests wait for each other and see
 * the count before them (on PostgreSQL and the embedded database alike), so no number of
 * parallel requests passes a limit.
 */
import { sql } from 'kysely';
import type { CodeLimits } from '../config';
import type { CodePurpose, DB } from '../db/database';

/** The codes sent by mail; a reset session's token (32 random bytes) needs no such limits. */
export type MailedCode = Exclude<CodePurpose, 'reset_session'>;

const windowStartBefore = (limits: CodeLimits, now: Date) =>
  new Date(now.getTime() - limits.windowMs);

/**
 * Counts a try at the account's code before the code is checked. Answers the account and the
 * tries counted in its window, this one included, or null when no account has this email.
 */
export async function countCodeTry(
  db: DB,
  purpose: MailedCode,
  email: string,
  limits: CodeLimits,
): Promise<{ userId: number; tries: number; windowStartedAt: Date } | null> {
  const now = new Date();
  const cutoff = windowStartBefore(limits, now);
  const counted = await db
    .insertInto('code_failures')
    .columns(['user_id', 'purpose', 'tries', 'window_started_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          'id',
          sql<MailedCode>`${purpose}::text`.as('purpose'),
          sql<number>`1`.as('tries'),
          sql<Date>`${now}::timestamptz`.as('window_started_at'),
        ])
        .where('email', '=', email),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'purpose']).doUpdateSet((eb) => {
        const ended = eb('code_failures.window_started_at', '<=', cutoff);
        return {
          tries: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('code_failures.tries', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(ended)
            .then(now)
            .else(eb.ref('code_failures.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['user_id', 'tries', 'window_started_at'])
    .executeTakeFirst();
  return counted
    ? { userId: counted.user_id, tries: counted.tries, windowStartedAt: counted.window_started_at }
    : null;
}

/** A right code is not a failure: its try is taken back. */
export async function takeBackCodeTry(db: DB, userId: number, purpose: MailedCode): Promise<void> {
  await db
    .updateTable('code_failures')
    .set((eb) => ({ tries: eb('tries', '-', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('tries', '>', 0)
    .execute();
}

/** Whether the account's tries of this kind are used up for the current window. */
export async function triesUsedUp(
  db: DB,
  userId: number,
  purpose: MailedCode,
  limits: CodeLimits,
): Promise<boolean> {
  const row = await db
    .selectFrom('code_failures')
    .select('window_started_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('tries', '>=', limits.triesPerWindow)
    .where('window_started_at', '>', windowStartBefore(limits, new Date()))
    .executeTakeFirst();
  return row !== undefined;
}

export type IssueDecision = { issue: true } | { issue: false; alertOwnerUntil: Date | null };

/**
 * Counts a code about to be issued to the account, if the limits allow one now. When they do not
 * because the window's codes are used up, `alertOwnerUntil` says until when, the first time only
 * in each window (the owner is mailed once, not at every refused request).
 */
export async function reserveCodeIssue(
  db: DB,
  userId: number,
  purpose: MailedCode,
  limits: CodeLimits,
): Promise<IssueDecision> {
  const now = new Date();
  const cutoff = windowStartBefore(limits, now);
  const intervalCutoff = new Date(now.getTime() - limits.issueIntervalMs);
  const reserved = await db
    .insertInto('code_issues')
    .values({ user_id: userId, purpose, issued: 1, window_started_at: now, last_issued_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'purpose'])
        .doUpdateSet((eb) => {
          const ended = eb('code_issues.window_started_at', '<=', cutoff);
          return {
            issued: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('code_issues.issued', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when(ended)
              .then(now)
              .else(eb.ref('code_issues.window_started_at'))
              .end(),
            last_issued_at: now,
          };
        })
        .where((eb) =>
          eb.and([
            eb('code_issues.last_issued_at', '<=', intervalCutoff),
            eb.or([
              eb('code_issues.window_started_at', '<=', cutoff),
              eb('code_issues.issued', '<', limits.issuedPerWindow),
            ]),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (reserved) return { issue: true };
  // Only one request of a window finds `alerted_at` before the window began and sets it.
  const alerted = await db
    .updateTable('code_issues')
    .set({ alerted_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('issued', '>=', limits.issuedPerWindow)
    .where('window_started_at', '>', cutoff)
    .where((eb) =>
      eb.or([eb('alerted_at', 'is', null), eb('alerted_at', '<', eb.ref('window_started_at'))]),
    )
    .returning('window_started_at')
    .executeTakeFirst();
  return {
    issue: false,
    alertOwnerUntil: alerted
      ? new Date(alerted.window_started_at.getTime() + limits.windowMs)
      : null,
  };
}
