/**
 * The 6-digit codes sent by mail (email verification, password reset), with their limits per
 * account (./code-limits.ts) and per address (the outbox's `enqueueUrgentMail`), and the mail
 * to the owner when a limit trips: at most once per limit and window, so the alerts are not
 * counted against the address (an attacker filling its hour must not silence them). The routes
 * call these; ./codes.ts stores and checks codes.
 */
import type { DB, User } from '../db/database';
import {
  codeTriesPausedMail,
  codesUsedUpMail,
  resetCodeMail,
  verificationCodeMail,
} from '../mail/messages';
import { enqueueMail, enqueueUrgentMail } from '../mail/outbox';
import type { ServerConfig } from '../config';
import type { Mailer } from '../mail/outbox';
import { CODE_LIFETIME_SECONDS, consumeCode, issueCode } from './codes';
import {
  countCodeTry,
  reserveCodeIssue,
  takeBackCodeTry,
  triesUsedUp,
  type MailedCode,
} from './code-limits';

const codeMail = {
  email_verification: verificationCodeMail,
  password_reset: resetCodeMail,
} as const;

/** Thrown inside the transaction to undo the code and its count when its mail may not be sent. */
class AddressOverItsLimit extends Error {}

/** What the codes need of the server: the database, the mail and the codes' limits. */
export interface CodeDeps {
  db: DB;
  mailer: Mailer;
  config: Pick<ServerConfig, 'codeLimits'>;
}

/**
 * Issues a new code of this kind and queues its mail, in one transaction, if the limits allow:
 * otherwise nothing is issued or sent (and the owner is told once when the day's codes are used
 * up). The caller has already answered, so the answer is the same either way.
 */
export async function sendCode(
  { mailer, config }: Pick<CodeDeps, 'mailer' | 'config'>,
  user: Pick<User, 'id' | 'email'>,
  purpose: MailedCode,
): Promise<void> {
  const limits = config.codeLimits;
  try {
    await mailer.transaction(async (trx) => {
      // A code that could not be checked would only confuse: the owner was told when tries resume.
      if (await triesUsedUp(trx, user.id, purpose, limits)) return;
      const decision = await reserveCodeIssue(trx, user.id, purpose, limits);
      if (!decision.issue) {
        if (decision.alertOwnerUntil) {
          await enqueueMail(
            trx,
            codesUsedUpMail(user.email, purpose, limits.issuedPerWindow, decision.alertOwnerUntil),
            { urgent: true },
          );
        }
        return;
      }
      const code = await issueCode(trx, user.id, purpose);
      const mail = codeMail[purpose](user.email, code, CODE_LIFETIME_SECONDS[purpose] / 60);
      if (!(await enqueueUrgentMail(trx, mail, limits.mailsPerRecipientHour)))
        throw new AddressOverItsLimit();
    });
  } catch (error) {
    if (!(error instanceof AddressOverItsLimit)) throw error;
  }
}

/**
 * Checks a mailed code against the account of `email` and uses it up: the account's id, or null
 * for a wrong, expired or void code, an unknown address, or an account whose tries of this kind
 * are used up for the day (the same answer for all, so it tells nobody who has an account). The
 * try is counted before the code is checked, so concurrent guesses cannot pass the limit.
 */
export async function checkCode(
  { db, mailer, config }: CodeDeps,
  purpose: MailedCode,
  code: string,
  email: string,
): Promise<number | null> {
  const limits = config.codeLimits;
  const counted = await countCodeTry(db, purpose, email, limits);
  if (!counted || counted.tries > limits.triesPerWindow) return null;
  const userId = await consumeCode(db, purpose, code, email);
  if (userId !== null) {
    await takeBackCodeTry(db, userId, purpose);
    return userId;
  }
  // Exactly one request sees the count reach the limit; if its code was wrong too, the owner hears of it.
  if (counted.tries === limits.triesPerWindow) {
    const until = new Date(counted.windowStartedAt.getTime() + limits.windowMs);
    await mailer.transaction((trx) =>
      enqueueMail(trx, codeTriesPausedMail(email, purpose, limits.triesPerWindow, until), {
        urgent: true,
      }),
    );
  }
  return null;
}
