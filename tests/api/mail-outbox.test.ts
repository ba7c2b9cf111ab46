/**
 * The mail outbox over real HTTP and real SMTP: a hanging mail server delays no answer and loses
 * no mail; a mail that keeps failing is given up and shown by `npm run ops -- mail`; two servers
 * on one PostgreSQL send each mail once.
 */
import net from 'node:net';
import { expect, it, vi } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { codeFrom, mailDelivered, referenceFrom, waitUntil } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { startBlackhole, startSmtpServer, type TestSmtp } from '../support/smtp';
import { readConfig } from '../../server/config';
import { opsTokenOf } from '../support/staff';
import {
  ops,
  PASSWORD,
  post,
  postFrom,
  readiness,
  register,
  scheduledDelivery,
  uniqueEmail,
} from '../support/api';

// Each test starts its own server (the embedded database takes seconds to start on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/** Retries and polls fast, so a test sees them within a second. */
const quickMail = (overrides: Partial<ServerConfig['mail']> = {}): ServerConfig['mail'] => ({
  retryMs: 100,
  pollMs: 50,
  giveUpMs: 86_400_000,
  smtpTimeoutMs: 5_000,
  ...overrides,
});

/** Signs up through the mail `smtp` received, and logs in: the customer's token. */
async function signUpOver(server: TestServer, smtp: TestSmtp, email: string): Promise<string> {
  await register(server, email);
  const verification_token = codeFrom((await smtp.mailTo(email)).text);
  expect((await post(server, 'verify-email', { verification_token, email })).status).toBe(200);
  return (await post(server, 'login', { email, password: PASSWORD })).body.token;
}

/** A loopback port where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

it('answers a booking while the mail server hangs, and mails it once when the server is back', async () => {
  let smtp = await startSmtpServer();
  const port = smtp.port;
  // A greeting is awaited for a minute: a booking that waited on it would outlast the test.
  const server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mail: quickMail({ smtpTimeoutMs: 60_000 }),
  });
  try {
    const email = uniqueEmail('hanging-smtp');
    const token = await signUpOver(server, smtp, email);
    await smtp.close();
    const blackhole = await startBlackhole(port);

    const booked = await post(server, 'users/schedule/delivery', scheduledDelivery(), token);
    expect(booked.status).toBe(200);
    const reference: string = booked.body.data.reference_number;
    await waitUntil(
      'the sender to reach the hanging mail server',
      () => blackhole.connections() > 0,
    );
    expect(await ops(server, 'mail')).toMatch(
      /^1 waiting to be sent \(oldest written .+ UTC\), 0 failed\.$/m,
    );

    await blackhole.close();
    smtp = await startSmtpServer(port);
    expect(referenceFrom((await smtp.mailTo(email)).text)).toBe(reference);
    await mailDelivered(server);
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(await ops(server, 'mail')).toBe('0 waiting to be sent, 0 failed.\n');
  } finally {
    await server.close();
    await smtp.close();
  }
});

it('gives a mail up after retrying for the set time, and lists it in ops -- mail', async () => {
  const server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    mail: quickMail({ retryMs: 50, giveUpMs: 500 }),
  });
  try {
    const email = uniqueEmail('undeliverable');
    expect((await register(server, email)).status).toBe(200);
    const ready = async () => (await readiness(server, opsTokenOf(server))).body;
    await waitUntil(
      'the mail to be given up',
      async () => (await ready()).dependencies.mail.failed === 1,
    );
    expect(await ready()).toMatchObject({
      status: 'ok',
      dependencies: { mail: { status: 'up', pending: 0, failed: 1 } },
    });
    const [row] = await server.app.db.selectFrom('mail_outbox').selectAll().execute();
    expect(row!.attempts).toBeGreaterThan(1);
    // The code it carried is not kept readable once the mail is given up.
    expect(row!.body).toBe('');

    const listed = await ops(server, 'mail');
    expect(listed).toContain('0 waiting to be sent, 1 failed.');
    expect(listed).toMatch(
      new RegExp(
        `${row!.id} .+ ${email.replace(/\./g, '\\.')}\\s+Your verification code\\s+${row!.attempts}\\s+.*ECONNREFUSED`,
      ),
    );
  } finally {
    await server.close();
  }
});

it('keeps no row, so no text, of a mail once it is sent', async () => {
  const smtp = await startSmtpServer();
  const server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mail: quickMail(),
  });
  try {
    const email = uniqueEmail('sent');
    await register(server, email);
    const code = codeFrom((await smtp.mailTo(email)).text);
    await mailDelivered(server);
    const rows = await server.app.db.selectFrom('mail_outbox').select('body').execute();
    expect(rows.filter((row) => row.body.includes(code))).toEqual([]);
    expect(rows).toEqual([]);
  } finally {
    await server.close();
    await smtp.close();
  }
});

it("sends a new user's code ahead of a flood of mail to another address", async () => {
  // A mail server that takes a while per message, so a backlog builds up as it would in production.
  const smtp = await startSmtpServer(0, { acceptMs: 30 });
  const server = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mail: quickMail(),
    // The limits as they are in production.
    authRateLimit: readConfig({}).authRateLimit,
    codeLimits: readConfig({}).codeLimits,
  });
  try {
    const victim = uniqueEmail('flooded');
    const token = await signUpOver(server, smtp, victim);
    // The flood of the review (40 addresses × 11 reset requests at once), and 40 bookings' notices.
    const flooders = Array.from({ length: 40 }, (_, index) => `127.0.1.${index + 1}`);
    await Promise.all(
      flooders.map(async (address) => {
        for (let call = 0; call < 11; call++)
          await postFrom(server, address, 'forget-password', { email: victim });
      }),
    );
    await Promise.all(
      Array.from({ length: 40 }, () =>
        post(server, 'users/schedule/delivery', scheduledDelivery(), token),
      ),
    );

    const newcomer = uniqueEmail('newcomer');
    const started = Date.now();
    await postFrom(server, '127.0.0.77', 'register', {
      fullname: 'Ngozi Eze',
      email: newcomer,
      phone: '08031234567',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    await smtp.mailTo(newcomer);
    const waitedMs = Date.now() - started;
    const toVictim = () => smtp.received.filter((mail) => mail.to.includes(victim));
    const victimBefore = toVictim().length;
    await mailDelivered(server);
    // The code went out while the flood's notices were still waiting, within a few seconds.
    expect(toVictim().length).toBeGreaterThan(victimBefore);
    expect(waitedMs).toBeLessThan(10_000);
    // Of the 440 reset requests, at most one code (the minute between codes) reached the victim.
    expect(
      toVictim().filter((mail) => mail.subject === 'Your password reset code').length,
    ).toBeLessThanOrEqual(1);
  } finally {
    await server.close();
    await smtp.close();
  }
});

it.skipIf(!process.env.DATABASE_URL)(
  'sends each mail once with two servers on one PostgreSQL',
  async () => {
    const smtp = await startSmtpServer();
    const mail = quickMail({ pollMs: 20 });
    const first = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mail });
    const second = await startTestServer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mail,
      databaseUrl: first.databaseUrl,
    });
    try {
      const email = uniqueEmail('two-servers');
      const token = await signUpOver(first, smtp, email);
      const bookings = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          post(index % 2 ? second : first, 'users/schedule/delivery', scheduledDelivery(), token),
        ),
      );
      const references = bookings.map((booking) => booking.body.data.reference_number as string);
      await smtp.mailTo(email, 1 + references.length);
      await mailDelivered(first);
      // Closing waits for a delivery under way: a second copy, if any, has arrived by then.
      await Promise.all([first.app.close(), second.app.close()]);
      const mailed = smtp.received
        .filter((received) => received.to.includes(email))
        .slice(1)
        .map((received) => referenceFrom(received.text));
      expect(mailed.sort()).toEqual(references.sort());
    } finally {
      await second.close();
      await first.close();
      await smtp.close();
    }
  },
);
