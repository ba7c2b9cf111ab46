/**
 * The outbox of texts (docs/messages.md, "Through the outbox"). A text is a `texts` row written in
 * the same transaction (a booking: the same statement) as the event it tells of, so it is sent
 * if and only if that event is stored, and no request waits on Termii. `(event, recipient,
 * channel)` is unique: one event never texts one number twice on one channel, however often
 * its use case runs.
 *
 * The sender in every server instance claims due rows (FOR UPDATE SKIP LOCKED, then a lease:
 * several instances on one PostgreSQL never send a row twice), hands them to Termii one at a
 * time, each call bounded by its timeout, and records the answer: `sent` with Termii's message
 * id (the text's body, which carries a private link, is then emptied), or a retry with
 * exponential backoff until `giveUpMs` after the text was written, then `failed`. Termii's
 * delivery reports (./reports.ts) move a sent text to `delivered` or `failed`. A Termii that is
 * down, refusing or silent delays no answer and loses no text: the rows wait, and go once it is
 * back. When Termii does not answer at all, the rest of the batch waits for the next round
 * rather than each text waiting out its own timeout.
 *
 * Two rules before a text goes: a number that opted out gets nothing but essential texts (the
 * crews' handover code), and at most `perNumberHour` texts go to one number in an hour
 * (counted as mail counts codes per address: one upsert whose row lock makes concurrent senders
 * take turns, server/mail/outbox.ts). A text held back by either is `failed`, with the reason, so
 * staff see it.
 */
import { sql } from 'kysely';
import type { TextChannel } from '../../src/api/contract';
import type { DB } from '../db/database';
import type { Log } from '../log';
import { SITE } from './templates';
import { termiiNumber } from './phone';
import { TermiiError, type TermiiClient } from './termii';

export interface TextSettings {
  /** The first retry's delay; each further one doubles, up to an hour. */
  retryMs: number;
  /** How often the sender looks for rows written by other instances (its own wake it at once). */
  pollMs: number;
  /** After this long since the text was written, a failing text is given up: `failed`. */
  giveUpMs: number;
  /** The longest one call to Termii may take. */
  timeoutMs: number;
  /** Texts one number may get in an hour. */
  perNumberHour: number;
}

export interface NewText {
  shipment_id: number | null;
  event: string;
  recipient: string;
  channel: TextChannel;
  template: string;
  body: string;
  essential?: boolean;
}

/** Why a text was not sent, as staff and `last_error` read it. */
export const OPTED_OUT = 'The number asked for no more texts.';
export const NUMBER_LIMIT = 'Too many texts to this number within the hour.';

/**
 * Queues texts inside the caller's transaction; a text whose event already texted that number on
 * that channel is left out. Answers how many were queued.
 */
export async function enqueueTexts(db: DB, texts: NewText[]): Promise<number> {
  if (texts.length === 0) return 0;
  const queued = await db
    .insertInto('texts')
    .values(texts.map(({ essential = false, ...text }) => ({ ...text, essential })))
    .onConflict((conflict) => conflict.columns(['event', 'recipient', 'channel']).doNothing())
    .returning('id')
    .execute();
  return queued.length;
}

export interface Texter {
  /** Looks for due texts now (after a transaction that queued some has committed). */
  wake(): void;
  /** Starts the sender: once the server listens, as the test gateway is reached through it. */
  start(): void;
  /** Stops the sender after the text it is sending, if any. */
  close(): Promise<void>;
}

const BATCH = 20;
const MAX_RETRY_MS = 3_600_000;
const HOUR_MS = 3_600_000;

export const retryDelayMs = (settings: TextSettings, attempts: number) =>
  Math.min(settings.retryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

const millisecondsFromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * How long a claimed row stays out of other senders' reach: far longer than one call takes
 * with its timeout, short enough that a text whose sender was killed mid-call is soon taken up
 * again.
 */
const leaseMs = (settings: TextSettings) => settings.timeoutMs * 6;

export function createTexter(
  db: DB,
  client: TermiiClient,
  settings: TextSettings,
  /** The site's public origin now (PUBLIC_URL), written into each text's links as it leaves. */
  site: () => string,
  log: Log,
): Texter {
  let started = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let databaseDown = false;
  let poll: NodeJS.Timeout | null = null;

  const claim = () =>
    db
      .with('due', (query) =>
        query
          .selectFrom('texts')
          .select('id')
          .where('state', '=', 'queued')
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('texts')
      .from('due')
      .set((eb) => ({
        attempts: eb('texts.attempts', '+', 1),
        next_attempt_at: millisecondsFromNow(leaseMs(settings)),
      }))
      .whereRef('texts.id', '=', 'due.id')
      .returning((eb) => [
        'texts.id',
        'texts.recipient',
        'texts.channel',
        'texts.body',
        'texts.essential',
        'texts.attempts',
        'texts.created_at',
        eb
          .exists(
            eb
              .selectFrom('text_opt_outs')
              .select('text_opt_outs.recipient')
              .whereRef('text_opt_outs.recipient', '=', 'texts.recipient'),
          )
          .as('opted_out'),
      ])
      .execute()
      .then((rows) => rows.sort((a, b) => a.id - b.id));

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  const fail = (id: number, last_error: string) =>
    db
      .updateTable('texts')
      .set({ state: 'failed', last_error, body: '', failed_at: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .execute();

  /** The opt-out (every try) and the hourly limit (counted at the first): why the text may not go, or null. */
  async function heldBack(row: Claimed): Promise<string | null> {
    if (row.opted_out && !row.essential) return OPTED_OUT;
    if (row.attempts > 1) return null;
    const now = new Date();
    const counted = await db
      .insertInto('text_recipient_counts')
      .values({ recipient: row.recipient, texts: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict
          .column('recipient')
          .doUpdateSet((eb) => {
            const ended = eb(
              'text_recipient_counts.window_started_at',
              '<=',
              new Date(now.getTime() - HOUR_MS),
            );
            return {
              texts: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('text_recipient_counts.texts', '+', 1))
                .end(),
              window_started_at: eb
                .case()
                .when(ended)
                .then(now)
                .else(eb.ref('text_recipient_counts.window_started_at'))
                .end(),
            };
          })
          .where((eb) =>
            eb.or([
              eb(
                'text_recipient_counts.window_started_at',
                '<=',
                new Date(now.getTime() - HOUR_MS),
              ),
              eb('text_recipient_counts.texts', '<', settings.perNumberHour),
            ]),
          ),
      )
      .returning('texts')
      .executeTakeFirst();
    return counted ? null : NUMBER_LIMIT;
  }

  /** Sends one claimed text, or holds it back by a rule; `unreachable` when Termii gave no answer. */
  async function sendOne(row: Claimed): Promise<{ unreachable: boolean }> {
    const reason = await heldBack(row);
    if (reason) {
      await fail(row.id, reason);
      log.info({ text: row.id, reason }, 'text not sent');
      return { unreachable: false };
    }
    let messageId: string;
    try {
      messageId = await client.send({
        to: termiiNumber(row.recipient),
        sms: row.body.replaceAll(SITE, site()),
        channel: row.channel,
      });
    } catch (error) {
      const last_error = error instanceof Error ? error.message : String(error);
      const context = { err: error, text: row.id, attempts: row.attempts };
      if (Date.now() - row.created_at.getTime() >= settings.giveUpMs) {
        await fail(row.id, last_error);
        log.error(context, 'text given up after retrying: marked failed');
      } else {
        const delay = retryDelayMs(settings, row.attempts);
        await db
          .updateTable('texts')
          .set({ next_attempt_at: millisecondsFromNow(delay), last_error })
          .where('id', '=', row.id)
          .execute();
        log.warn({ ...context, retryInMs: delay }, 'text not sent: will retry');
      }
      return { unreachable: error instanceof TermiiError && error.status === null };
    }
    // Termii took it. Should this write fail (the database gone), the row stays claimed and is
    // sent again once its lease ends, as a mail is: a rare second text rather than a lost one.
    await db
      .updateTable('texts')
      .set({
        state: 'sent',
        provider_message_id: messageId,
        sent_at: new Date(),
        body: '',
        last_error: null,
      })
      .where('id', '=', row.id)
      .where('state', '=', 'queued')
      .execute();
    return { unreachable: false };
  }

  /** Termii gave no answer: the batch's other texts go back, untried, for the next round. */
  const putBack = (rows: Claimed[]) =>
    rows.length === 0
      ? Promise.resolve()
      : db
          .updateTable('texts')
          .set((eb) => ({
            attempts: eb('attempts', '-', 1),
            next_attempt_at: millisecondsFromNow(settings.retryMs),
          }))
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .where('state', '=', 'queued')
          .execute();

  async function drain() {
    do {
      wokenWhileRunning = false;
      let claimed: Claimed[];
      let unreachable = false;
      do {
        claimed = await claim();
        for (const [index, row] of claimed.entries()) {
          if (stopped || (await sendOne(row)).unreachable) {
            await putBack(claimed.slice(index + 1));
            unreachable = true;
            break;
          }
        }
      } while (claimed.length === BATCH && !stopped && !unreachable);
    } while (wokenWhileRunning && !stopped);
  }

  function wake() {
    if (!started || stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = drain()
      .then(() => {
        if (databaseDown) log.info('text sender: database reachable again');
        databaseDown = false;
      })
      .catch((error: unknown) => {
        if (!databaseDown)
          log.error({ err: error }, 'text sender: database not reachable; retrying');
        databaseDown = true;
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    wake,
    start() {
      if (started || stopped) return;
      started = true;
      poll = setInterval(wake, settings.pollMs);
      poll.unref();
      wake();
    },
    async close() {
      stopped = true;
      if (poll) clearInterval(poll);
      await running;
    },
  };
}
