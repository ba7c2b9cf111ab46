/**
 * Reading the mail the server sent, as a user would: `readOutbox(dataDir)` parses the .eml files
 * the server writes to DATA_DIR/outbox when SMTP_URL is unset; `parseMail` reads one raw message
 * (also what a test SMTP server receives). Then `codeFrom` and `referenceFrom` pick out the
 * 6-digit code and the RL-… reference from the text.
 */
import fs from 'node:fs';
import path from 'node:path';

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
  return { to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), text };
}

/** Every message in DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): ReceivedMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(outbox, name), 'utf8')));
}

/** The newest message to `to`, if any. */
export function lastMailTo(dataDir: string, to: string): ReceivedMail | undefined {
  return readOutbox(dataDir).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).at(-1);
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
