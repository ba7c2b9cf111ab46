/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written
 * to DATA_DIR/outbox as an .eml file (so someone trying the product locally can read their code)
 * and one line is logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends, and logs instead of throwing: a mail never fails a request whose data is already stored. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outbox: string;
  log: FastifyBaseLogger;
}

/** File names sort in sending order: milliseconds, then a counter for the same millisecond. */
let sequence = 0;
const outboxName = () =>
  `${String(Date.now()).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;

export function createMailer({ smtpUrl, from, outbox, log }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (!smtpUrl) fs.mkdirSync(outbox, { recursive: true });

  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, ...mail });
        if (smtpUrl) return;
        const file = path.join(outbox, outboxName());
        await fs.promises.writeFile(file, info.message as Buffer);
        log.info({ to: mail.to, file }, `mail "${mail.subject}" written to the outbox`);
      } catch (error) {
        log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
      }
    },
    close: () => transport.close(),
  };
}
