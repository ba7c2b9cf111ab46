/**
 * The transactional mail outbox. A mail is a `mail_outbox` row written in the same transaction
 * as the booking, code or status change that causes it, so it is sent if and only if that
 * change is stored, and no request waits on the mail server. The sender in every server
 * instance claims due rows (FOR UPDATE SKIP LOCKED, then a lease: several instances on one
 * PostgreSQL never send a row twice), delivers them in order, deletes what went out (one
 * statement per batch: a busy server writes as many mails as bookings), and retries
 * the rest with exponential backoff until `giveUpMs` after the mail was written; the row is then
 * `failed`, its text wiped (a code in it must not stay readable), logged, and listed by
 * `npm run ops -- mail`. Codes and security mail go ahead of every other mail, and at most
 * `mailsPerRecipientHour` codes go to one address (docs/security.md): a flood of mail
 * to one address cannot delay another person's code.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Log } from '../log';
import { sha256 } from '../accounts/codes';
import type { Database, DB } from '../db/database';
import type { Mail, Transport } from './mailer';
import { isDeletedAccountEmail } from '../accounts/users';

export interface MailSettings {
  /** The first retry's delay; each further one doubles, up to an hour. */
  retryMs: number;
  /** How often the sender looks for rows written by other instances (its own wake it at once). */
  pollMs: number;
  /** After this long since the mail was written, a failing mail is given up: `failed`. */
  giveUpMs: number;
  smtpTimeoutMs: number;
}

export interface MailFailure {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export interface MailBacklog {
  /** Waiting to be sent (including retries). */
  pending: number;
  failed: number;
  /** When the oldest waiting mail was written. */
  oldest_pending: string | null;
  /** The most recent failures, newest first. */
  failures: MailFailure[];
}

export interface Mailer {
  /** Queues one mail in its own statement; the sender delivers it. */
  send(mail: Mail): Promise<void>;
  /**
   * Runs `work` in a transaction; the mails it queues with `enqueueMail(trx, …)` (and the texts,
   * with `enqueueTexts`) are sent once it commits.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Tells the sender that a statement which queued mail itself (a booking: ../orders/shipments.ts) has committed. */
  wake(): void;
  backlog(): Promise<MailBacklog>;
  /** Stops the sender after the mail it is delivering, if any. */
  close(): Promise<void>;
}

const URGENT = 0;
const NOTICE = 1;

/**
 * Queues a mail inside the caller's transaction; `urgent` (security mail: a password change, an
 * alert to the owner) goes ahead of the other mail.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: Mail,
  { urgent = false } = {},
): Promise<void> {
  // A deleted account's placeholder address reaches nobody (../accounts/account-deletion.ts).
  if (isDeletedAccountEmail(mail.to)) return;
  await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      priority: urgent ? URGENT : NOTICE,
    })
    .execute();
}

const HOUR_MS = 3_600_000;

/**
 * Queues a mail carrying a code inside the caller's transaction, ahead of every other mail;
 * answers false, queuing nothing, once `perHour` codes went to this address within the hour
 * that began with the first. Anyone who knows an address can ask for codes, so they are counted
 * per address; the count is one upsert, whose row lock makes concurrent mails to one address wait
 * for each other, so no number of them passes the limit.
 */
export async function enqueueUrgentMail(
  db: Kysely<Database>,
  mail: Mail,
  perHour: number,
): Promise<boolean> {
  const now = new Date();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await db.deleteFrom('mail_recipient_counts').where('window_started_at', '<=', hourAgo).execute();
  const counted = await db
    .insertInto('mail_recipient_counts')
    .values({
      recipient_hash: sha256(`mail:${mail.to.toLowerCase()}`),
      mails: 1,
      window_started_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .column('recipient_hash')
        .doUpdateSet((eb) => ({ mails: eb('mail_recipient_counts.mails', '+', 1) }))
        .where('mail_recipient_counts.mails', '<', perHour),
    )
    .returning('mails')
    .executeTakeFirst();
  if (!counted) return false;
  await enqueueMail(db, mail, { urgent: true });
  return true;
}

const BATCH = 20;
const MAX_RETRY_MS = 3_600_000;
const RECENT_FAILURES = 20;
/**
 * How long a claimed row stays out of other senders' reach: far longer than one delivery takes
 * with the SMTP timeouts (a minute by default), short enough that a mail whose sender was killed
 * mid-delivery is soon taken up again.
 */
const leaseMs = (settings: MailSettings) => settings.smtpTimeoutMs * 12;

export const retryDelayMs = (settings: MailSettings, attempts: number) =>
  Math.min(settings.retryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

const millisecondsFromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

export function createMailer(
  db: DB,
  transport: Transport,
  settings: MailSettings,
  log: Log,
  /** The text sender (../messages/outbox.ts): the same transactions queue texts, so it wakes with this one. */
  wakeTexts: () => void = () => {},
): Mailer {
  let stopped = false;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let databaseDown = false;

  /** Takes up to BATCH due rows for this instance: codes and alerts first, then the oldest. */
  const claim = () =>
    db
      .with('due', (query) =>
        query
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('priority')
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('mail_outbox')
      .from('due')
      .set((eb) => ({
        attempts: eb('mail_outbox.attempts', '+', 1),
        next_attempt_at: millisecondsFromNow(leaseMs(settings)),
      }))
      .whereRef('mail_outbox.id', '=', 'due.id')
      .returning([
        'mail_outbox.id',
        'mail_outbox.recipient',
        'mail_outbox.subject',
        'mail_outbox.body',
        'mail_outbox.attempts',
        'mail_outbox.created_at',
        'mail_outbox.priority',
      ])
      .execute()
      .then((rows) => rows.sort((a, b) => a.priority - b.priority || a.id - b.id));

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Whether the mail went out; a failure is stored for its retry. */
  async function deliverOne(row: Claimed): Promise<boolean> {
    try {
      await transport.deliver({ to: row.recipient, subject: row.subject, text: row.body });
      return true;
    } catch (error) {
      const last_error = error instanceof Error ? error.message : String(error);
      const context = {
        err: error,
        mail: row.id,
        to: row.recipient,
        subject: row.subject,
        attempts: row.attempts,
      };
      if (Date.now() - row.created_at.getTime() >= settings.giveUpMs) {
        // Who, what and why stay for `ops -- mail`; the text (a code, a reference) goes.
        await db
          .updateTable('mail_outbox')
          .set({ status: 'failed', last_error, body: '' })
          .where('id', '=', row.id)
          .execute();
        log.error(context, 'mail given up after retrying: marked failed');
        return false;
      }
      const delay = retryDelayMs(settings, row.attempts);
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: millisecondsFromNow(delay), last_error })
        .where('id', '=', row.id)
        .execute();
      log.warn({ ...context, retryInMs: delay }, 'mail not sent: will retry');
      return false;
    }
  }

  async function drain() {
    do {
      wokenWhileRunning = false;
      let claimed: Claimed[];
      do {
        claimed = await claim();
        // One at a time, codes first, then in the order written: a customer's second code arrives after the first.
        const sent: number[] = [];
        for (const row of claimed) if (await deliverOne(row)) sent.push(row.id);
        // A sender killed before this sends the batch's delivered rows again once their lease ends.
        if (sent.length > 0) await db.deleteFrom('mail_outbox').where('id', 'in', sent).execute();
      } while (claimed.length === BATCH && !stopped);
    } while (wokenWhileRunning && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = drain()
      .then(() => {
        if (databaseDown) log.info('mail sender: database reachable again');
        databaseDown = false;
      })
      .catch((error: unknown) => {
        // Once per outage, not every poll: the rows wait in the database and go out after it.
        if (!databaseDown)
          log.error({ err: error }, 'mail sender: database not reachable; retrying');
        databaseDown = true;
      })
      .finally(() => {
        running = null;
      });
  }

  const poll = setInterval(wake, settings.pollMs);
  poll.unref();
  wake();

  return {
    async send(mail) {
      await enqueueMail(db, mail);
      wake();
    },
    async transaction(work) {
      const result = await db.transaction().execute(work);
      wake();
      wakeTexts();
      return result;
    },
    wake() {
      wake();
      wakeTexts();
    },
    async backlog() {
      const [counts, failures] = await Promise.all([
        db
          .selectFrom('mail_outbox')
          .select((eb) => [
            eb.fn.countAll<string>().filterWhere('status', '=', 'pending').as('pending'),
            eb.fn.countAll<string>().filterWhere('status', '=', 'failed').as('failed'),
            eb.fn.min('created_at').filterWhere('status', '=', 'pending').as('oldest_pending'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('mail_outbox')
          .select(['id', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
          .where('status', '=', 'failed')
          .orderBy('id', 'desc')
          .limit(RECENT_FAILURES)
          .execute(),
      ]);
      return {
        pending: Number(counts.pending),
        failed: Number(counts.failed),
        oldest_pending: counts.oldest_pending
          ? new Date(counts.oldest_pending).toISOString()
          : null,
        failures: failures.map(({ recipient, created_at, ...failure }) => ({
          ...failure,
          to: recipient,
          created_at: created_at.toISOString(),
        })),
      };
    },
    async close() {
      stopped = true;
      clearInterval(poll);
      await running;
      transport.close();
    },
  };
}
