/**
 * The limits per account on mailed codes, over real HTTP as an attacker would try them
 * (docs/security.md): a new code no longer brings five fresh tries, the codes an account is sent
 * are capped, the owner is mailed when a limit trips, and codes to one address are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, lastMailTo, mailCountTo, readOutbox, waitForMailTo } from '../support/mail';
import { WRONG_CODE_MESSAGE } from '../../server/accounts/codes';
import { readConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../support/server';
import { addresses, post, postFrom, register, signUp, uniqueEmail } from '../support/api';

let server: TestServer;
beforeAll(async () => {
  // The real limits, except the minute between two codes, which the test does not wait for.
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const defaults = readConfig({}).codeLimits;
const wrongCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
const mailsTo = async (target: TestServer, email: string) =>
  (await readOutbox(target)).filter((mail) => mail.to.includes(email));

/**
 * Mail for the requests made so far has been queued and sent: a code asked for a known address
 * after them has arrived (each is handled after its answer, in turn).
 */
async function afterEarlierRequests(target: TestServer) {
  const { email } = await signUp(target);
  await post(target, 'forget-password', { email });
  await waitForMailTo(target.dataDir, email, 2);
}

/** The two kinds of mailed code: how to get a new one, and the call that checks it. */
const kinds = [
  {
    call: 'verify-otp',
    purpose: 'password_reset',
    field: 'otp',
    ask: 'forget-password',
    kind: 'password reset',
    account: async (target: TestServer) => (await signUp(target)).email,
    newCode: async (target: TestServer, email: string) => {
      const before = mailCountTo(target.dataDir, email);
      expect((await post(target, 'forget-password', { email })).status).toBe(200);
      return codeFrom((await waitForMailTo(target.dataDir, email, before + 1)).text);
    },
  },
  {
    call: 'verify-email',
    purpose: 'email_verification',
    field: 'verification_token',
    ask: 'resendOtp',
    kind: 'email verification',
    account: async (target: TestServer) => {
      const email = uniqueEmail('unverified');
      await register(target, email);
      await waitForMailTo(target.dataDir, email, 1);
      return email;
    },
    newCode: async (target: TestServer, email: string) => {
      const before = mailCountTo(target.dataDir, email);
      expect((await post(target, 'resendOtp', { email })).status).toBe(200);
      return codeFrom((await waitForMailTo(target.dataDir, email, before + 1)).text);
    },
  },
] as const;

describe.each(kinds)(
  '$call: codes cannot be farmed',
  ({ call, purpose, field, ask, kind, account, newCode }) => {
    it('counts wrong tries across codes: the 11th try of the day is refused even with the right code, and the owner is told', async () => {
      const email = await account(server);
      // The farming of the review: five wrong tries, a new code, more wrong tries, a new code...
      const first = await newCode(server, email);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await post(server, call, { [field]: wrongCode(first), email })).status).toBe(422);
      const second = await newCode(server, email);
      for (let attempt = 0; attempt < 4; attempt++)
        expect((await post(server, call, { [field]: wrongCode(second), email })).status).toBe(422);
      const third = await newCode(server, email);
      expect((await post(server, call, { [field]: wrongCode(third), email })).status).toBe(422);
      const refused = await post(server, call, { [field]: third, email });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[field]).toEqual([WRONG_CODE_MESSAGE]);

      const alert = (await mailsTo(server, email)).find(
        (mail) => mail.subject === `Too many wrong ${kind} codes for your account`,
      );
      expect(alert?.text).toMatch(
        new RegExp(`10 wrong ${kind} codes were entered .* until .*Lagos time`, 's'),
      );
      // While the tries are used up, no code is sent that could not be used.
      const before = mailCountTo(server.dataDir, email);
      expect((await post(server, ask, { email })).status).toBe(200);
      await afterEarlierRequests(server);
      expect(mailCountTo(server.dataDir, email)).toBe(before);
    }, 60_000);

    /** The wrong tries stored for the account of `email`, behind the API. */
    const wrongTriesOf = async (email: string) => {
      const user = await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const stored = await server.app.db
        .selectFrom('code_failures')
        .select('tries')
        .where('user_id', '=', user.id)
        .where('purpose', '=', purpose)
        .executeTakeFirstOrThrow();
      return stored.tries;
    };

    it('counts every one of 30 concurrent wrong guesses, and tells the owner once', async () => {
      const email = await account(server);
      const code = await newCode(server, email);
      const guesses = await Promise.all(
        addresses(30).map((address) =>
          postFrom(server, address, call, { [field]: wrongCode(code), email }),
        ),
      );
      expect(guesses.every((guess) => guess.status === 422)).toBe(true);
      expect(await wrongTriesOf(email)).toBe(30);
      const alerts = (await mailsTo(server, email)).filter((mail) =>
        mail.subject.startsWith('Too many wrong'),
      );
      expect(alerts).toHaveLength(1);
    }, 60_000);

    it('takes a right code back: a user who mistypes a few times keeps the rest of the day', async () => {
      const email = await account(server);
      const first = await newCode(server, email);
      for (let attempt = 0; attempt < 3; attempt++)
        await post(server, call, { [field]: wrongCode(first), email });
      expect((await post(server, call, { [field]: first, email })).status).toBe(200);
      expect(await wrongTriesOf(email)).toBe(3);
    });
  },
);

describe('the codes an account is sent', () => {
  it('are at most 10 a day: the 11th is not sent, and the owner is told once', async () => {
    const roomy = await startTestServer({
      codeLimits: { ...defaults, issueIntervalMs: 0, mailsPerRecipientHour: 100 },
    });
    try {
      const { email } = await signUp(roomy);
      const firstAsked = Date.now();
      // One after another, as a person would (each code is issued after its answer).
      for (let code = 1; code <= 10; code++) {
        expect((await post(roomy, 'forget-password', { email })).status).toBe(200);
        await waitForMailTo(roomy.dataDir, email, 1 + code);
      }
      for (let call = 0; call < 3; call++)
        expect((await post(roomy, 'forget-password', { email })).status).toBe(200);
      await waitForMailTo(roomy.dataDir, email, 1 + 10 + 1);
      await afterEarlierRequests(roomy);
      const mails = await mailsTo(roomy, email);
      expect(mails.filter((mail) => mail.subject === 'Your password reset code')).toHaveLength(10);
      const alerts = mails.filter(
        (mail) => mail.subject === 'Too many password reset codes asked for your account',
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toMatch(
        /10 password reset codes were asked .* no more will be sent until/s,
      );
      // Until a day after the first of them (the minute may turn while it is asked).
      const dayAfter = (ms: number) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Africa/Lagos',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }).format(ms + defaults.windowMs);
      const until = /no more will be sent until (.+) \(Lagos time\)/.exec(alerts[0]!.text)?.[1];
      expect([dayAfter(firstAsked), dayAfter(firstAsked + 60_000)]).toContain(until);
    } finally {
      await roomy.close();
    }
  }, 60_000);

  it('are at most one a minute: a second request within it sends nothing, and the first code still works', async () => {
    const strict = await startTestServer({ codeLimits: { ...defaults, issueIntervalMs: 60_000 } });
    try {
      const { email } = await signUp(strict);
      expect((await post(strict, 'forget-password', { email })).status).toBe(200);
      const code = codeFrom((await waitForMailTo(strict.dataDir, email, 2)).text);
      expect((await post(strict, 'forget-password', { email })).status).toBe(200);
      await afterEarlierRequests(strict);
      expect(mailCountTo(strict.dataDir, email)).toBe(2);
      expect((await post(strict, 'verify-otp', { otp: code, email })).status).toBe(200);
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('to one address are at most the hourly limit, whoever asks', async () => {
    const small = await startTestServer({
      codeLimits: { ...defaults, issueIntervalMs: 0, mailsPerRecipientHour: 3 },
    });
    try {
      const { email } = await signUp(small);
      for (const address of addresses(6))
        expect((await postFrom(small, address, 'forget-password', { email })).status).toBe(200);
      await afterEarlierRequests(small);
      expect(mailCountTo(small.dataDir, email)).toBe(3);
      // The last code mailed is the live one: a code whose mail was not sent replaced nothing.
      const last = codeFrom((await lastMailTo(small, email))!.text);
      expect((await post(small, 'verify-otp', { otp: last, email })).status).toBe(200);
    } finally {
      await small.close();
    }
  }, 60_000);
});
