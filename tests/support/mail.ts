/**
 * Reading the mail the server sent, as a user would: `readOutbox(server)` parses the .eml files
 * the server writes to DATA_DIR/outbox when SMTP_URL is unset, once its sender has delivered
 * every mail queued so far (mail leaves through an outbox, after the request has answered);
 * `waitForMailTo` waits for mail whose row is written after the answer (forget-password, resend);
 * `parseMail` reads one raw message (also what a test SMTP server receives). Then `codeFrom`
 * and `referenceFrom` pick out the 6-digit code and the RL-… reference from the text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from './server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** A single-part text message, as the server sends them. */
export function parseMail(raw: string): ReceivedMail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = normalised.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
  };
}

/** Polls `check` every 20 ms until it answers true; fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the server's outbox holds nothing waiting: every mail queued so far went out. */
export async function mailDelivered(server: Pick<TestServer, 'app'>): Promise<void> {
  await waitUntil('the server to deliver its queued mail', async () => {
    const { waiting } = await server.app.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('waiting'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(waiting) === 0;
  });
}

/** Every message in DATA_DIR/outbox, oldest first, as the files stand now. */
export function outboxFiles(dataDir: string): ReceivedMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(outbox, name), 'utf8')));
}

/** Every message the server has written to its outbox folder, oldest first, once its queue is empty. */
export async function readOutbox(
  server: Pick<TestServer, 'app' | 'dataDir'>,
): Promise<ReceivedMail[]> {
  await mailDelivered(server);
  return outboxFiles(server.dataDir);
}

/** The newest message to `to`, if any, once the server's queue is empty. */
export async function lastMailTo(
  server: Pick<TestServer, 'app' | 'dataDir'>,
  to: string,
): Promise<ReceivedMail | undefined> {
  return (await readOutbox(server))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()))
    .at(-1);
}

export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in the mail:\n${text}`);
  return match[1];
}

export function referenceFrom(text: string): string {
  const match = /\bRL-[2-9A-HJ-NP-Z]{10}\b/.exec(text);
  if (!match) throw new Error(`No RL- reference in the mail:\n${text}`);
  return match[0];
}

/** How many messages went to `to` so far, as the outbox folder stands now. */
export const mailCountTo = (dataDir: string, to: string) =>
  outboxFiles(dataDir).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).length;

/**
 * The newest message to `to` once at least `count` have arrived: codes for forget-password and
 * resend are queued after the answer, so a test waits for them (polling, at most `timeoutMs`).
 */
export async function waitForMailTo(
  dataDir: string,
  to: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const toThem = () =>
    outboxFiles(dataDir).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
  await waitUntil(`mail #${count} to ${to}`, () => toThem().length >= count, timeoutMs);
  return toThem().at(-1)!;
}
