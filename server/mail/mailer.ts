/**
 * How a mail leaves the server: nodemailer over SMTP when SMTP_URL is set (every step bounded by
 * a timeout), otherwise each message is written to DATA_DIR/outbox as an .eml file (so someone
 * trying the product locally can read their code; readable by the server's user alone) and one
 * line is logged. Requests never call
 * this: they write to the mail outbox (./outbox.ts), whose sender calls `deliver`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Log } from '../log';
import { makePrivateFolder, PRIVATE_FILE } from '../db/data-dir';
import { SITE } from './messages';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A mail whose recipient the statement that queues it finds. */
export type MailContent = Omit<Mail, 'to'>;

export interface Transport {
  /** Delivers one mail, or throws; the outbox retries. */
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

interface TransportOptions {
  smtpUrl: string | null;
  from: string;
  outbox: string;
  /** Connection, greeting and socket inactivity timeouts of the SMTP conversation. */
  smtpTimeoutMs: number;
  log: Log;
}

/** File names sort in sending order: milliseconds, then a counter for the same millisecond. */
let sequence = 0;
const outboxName = () =>
  `${String(Date.now()).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;

export function createTransport({
  smtpUrl,
  from,
  outbox,
  smtpTimeoutMs,
  log,
}: TransportOptions): Transport {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: smtpTimeoutMs,
        greetingTimeout: smtpTimeoutMs,
        socketTimeout: smtpTimeoutMs * 2,
        dnsTimeout: smtpTimeoutMs,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (!smtpUrl) makePrivateFolder(outbox);

  return {
    async deliver(mail) {
      const info = await transport.sendMail({ from, ...mail });
      if (smtpUrl) return;
      const file = path.join(outbox, outboxName());
      await fs.promises.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE });
      log.info({ to: mail.to, file }, `mail "${mail.subject}" written to the outbox`);
    },
    close: () => transport.close(),
  };
}

/**
 * Writes the site's public origin (PUBLIC_URL) into each mail's links as it leaves, so a mail
 * queued before PUBLIC_URL changed still links to the site as it is now (./messages.ts, SITE).
 */
export const withSiteLinks = (transport: Transport, site: () => string): Transport => ({
  deliver: (mail) => transport.deliver({ ...mail, text: mail.text.replaceAll(SITE, site()) }),
  close: () => transport.close(),
});
