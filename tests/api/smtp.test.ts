/** With SMTP_URL set, mail goes to a real SMTP server (one started here) and the code in it works. */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeFrom, parseMail, readOutbox, referenceFrom, type ReceivedMail } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { PASSWORD, post, register, scheduledDelivery, uniqueEmail } from './helpers';

const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Relo Logistics <no-reply@relo.test>' });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp?.close(resolve));
});

it('mails the sign-up code over SMTP, and the code verifies the account', async () => {
  const email = uniqueEmail();
  await register(server, email);
  const mail = received.find((message) => message.to.includes(email))!;
  expect(mail.subject).toBe('Your verification code');
  const verified = await post(server, 'verify-email', { verification_token: codeFrom(mail.text), email });
  expect(verified.body.message).toBe('Email verified successfully');
  expect(readOutbox(server.dataDir)).toEqual([]);

  const login = await post(server, 'login', { email, password: PASSWORD });
  const booked = await post(server, 'users/schedule/delivery', scheduledDelivery(), login.body.token);
  expect(referenceFrom(received.at(-1)!.text)).toBe(booked.body.data.reference_number);
});
