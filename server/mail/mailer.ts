/**
 * How a mail leaves the server: nodemailer over SMTP when SMTP_URL is set (every step bounded by
 * a timeout), otherwise each message is written to
 * DATA_DIR/outbox as an .eml file (so someone trying the product locally can read their code).
 * Requests never call this: they write to the mail outbox (./outbox.ts), whose sender hands each
 * mail to the delivery thread (./delivery-thread.ts), which calls `deliver`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

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

export interface TransportOptions {
  smtpUrl: string | null;
  from: string;
  outbox: string;
  /** Connection, greeting and socket inactivity timeouts of the SMTP conversation. */
  smtpTimeoutMs: number;
}

/** File names sort in sending order: milliseconds, then a counter for the same millisecond. */
let sequence = 0;
const outboxName = () =>
  `${String(Date.now()).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;

/** `deliver` answers the .eml file it wrote, or null when the mail went over SMTP. */
export function createTransport({ smtpUrl, from, outbox, smtpTimeoutMs }: TransportOptions) {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: smtpTimeoutMs,
        greetingTimeout: smtpTimeoutMs,
        socketTimeout: smtpTimeoutMs * 2,
        dnsTimeout: smtpTimeoutMs,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (!smtpUrl) fs.mkdirSync(outbox, { recursive: true });

  return {
    async deliver(mail: Mail): Promise<string | null> {
      const info = await transport.sendMail({ from, ...mail });
      if (smtpUrl) return null;
      const file = path.join(outbox, outboxName());
      fs.writeFileSync(file, info.message as Buffer);
      return file;
    },
    close: () => transport.close(),
  };
}
