/** With SMTP_URL set, mail goes to a real SMTP server (one started here) and the code in it works. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeFrom, readOutbox, referenceFrom } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestSmtp } from '../support/smtp';
import { PASSWORD, post, register, scheduledDelivery, uniqueEmail } from '../support/api';

let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'Relo Logistics <no-reply@relo.test>',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

it('mails the sign-up code over SMTP, and the code verifies the account', async () => {
  const email = uniqueEmail();
  await register(server, email);
  const mail = await smtp.mailTo(email);
  expect(mail.subject).toBe('Your verification code');
  const verified = await post(server, 'verify-email', {
    verification_token: codeFrom(mail.text),
    email,
  });
  expect(verified.body.message).toBe('Email verified successfully');
  expect(await readOutbox(server)).toEqual([]);

  const login = await post(server, 'login', { email, password: PASSWORD });
  const booked = await post(
    server,
    'users/schedule/delivery',
    scheduledDelivery(),
    login.body.token,
  );
  expect(referenceFrom((await smtp.mailTo(email, 2)).text)).toBe(booked.body.data.reference_number);
});
