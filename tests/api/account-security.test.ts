/**
 * Account security over real HTTP, as an attacker would try it: codes belong to one account,
 * five wrong tries hold under concurrent guesses, failed logins are throttled per account from
 * any number of source addresses (127.0.0.x: Linux routes all of 127/8 to loopback), answers
 * are not cached, and public ids are random.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, lastMailTo, mailCountTo, waitForMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import {
  addresses,
  get,
  PASSWORD,
  post,
  postFrom,
  register,
  signUp,
  uniqueEmail,
  type Customer,
} from '../support/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const wrongCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function resetCode(target: TestServer, email: string): Promise<string> {
  const before = mailCountTo(target.dataDir, email);
  expect((await post(target, 'forget-password', { email })).status).toBe(200);
  return codeFrom((await waitForMailTo(target.dataDir, email, before + 1)).text);
}

/** The two kinds of mailed code, with the call that checks each and its field. */
const codeChecks = [
  {
    call: 'verify-otp',
    field: 'otp',
    /** An account with a live password-reset code, and the code. */
    prepare: async () => {
      const customer = await signUp(server);
      return { email: customer.email, code: await resetCode(server, customer.email) };
    },
  },
  {
    call: 'verify-email',
    field: 'verification_token',
    prepare: async () => {
      const email = uniqueEmail('unverified');
      await register(server, email);
      return { email, code: codeFrom((await lastMailTo(server, email))!.text) };
    },
  },
] as const;

describe.each(codeChecks)('$call: a code belongs to one account', ({ call, field, prepare }) => {
  it('refuses the right code without the email, with a message under email, and leaves the code usable', async () => {
    const { email, code } = await prepare();
    const answer = await post(server, call, { [field]: code });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.email).toEqual(['Please fill in your email.']);
    expect((await post(server, call, { [field]: code, email })).status).toBe(200);
  });

  it("refuses the right code sent with another account's email", async () => {
    const { email, code } = await prepare();
    const other = await signUp(server);
    expect((await post(server, call, { [field]: code, email: other.email })).status).toBe(422);
    expect((await post(server, call, { [field]: code, email })).status).toBe(200);
  });

  it('checks no more than 5 of 20 concurrent wrong guesses, then refuses the right code and says to ask for a new one', async () => {
    const { email, code } = await prepare();
    const guesses = await Promise.all(
      addresses(20).map((address) =>
        postFrom(server, address, call, { [field]: wrongCode(code), email }),
      ),
    );
    expect(guesses.map((guess) => guess.status)).toEqual(Array(20).fill(422));
    const user = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const stored = await server.app.db
      .selectFrom('one_time_codes')
      .select('failed_attempts')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.failed_attempts)).toEqual([5]);

    const right = await post(server, call, { [field]: code, email });
    expect(right.status).toBe(422);
    expect(right.body.errors[field][0]).toMatch(
      /stops working after 5 wrong tries.*request a new code/,
    );
  });
});

describe('failed logins throttled per account', () => {
  const login = (target: TestServer, address: string, email: string, password: string) =>
    postFrom(target, address, 'login', { email, password });

  it('refuses the 11th attempt from a sixth address, right password included, with Retry-After and when to try again', async () => {
    const customer = await signUp(server);
    for (const address of addresses(5)) {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await login(server, address, customer.email, 'not the password')).status).toBe(400);
      }
    }
    const right = await login(server, '127.0.0.7', customer.email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.token).toBeUndefined();
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(right.body.message).toMatch(
      /Too many failed logins for this account.*try again in 15 minutes/,
    );

    const someoneElse = await signUp(server);
    expect((await login(server, '127.0.0.7', someoneElse.email, PASSWORD)).status).toBe(200);
  });

  it('lets no more than 10 of 30 concurrent guesses through to the password check', async () => {
    const customer = await signUp(server);
    const answers = await Promise.all(
      addresses(30).map((address) => login(server, address, customer.email, 'not the password')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('throttles an unknown email the same way, so the throttle tells nobody who has an account', async () => {
    const nobody = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (const address of addresses(11))
      statuses.push((await login(server, address, nobody, 'whatever it is')).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('ends when the account owner resets the password, which proves the mailbox', async () => {
    const customer = await signUp(server);
    for (const address of addresses(10))
      await login(server, address, customer.email, 'not the password');
    expect((await login(server, '127.0.0.20', customer.email, PASSWORD)).status).toBe(429);

    const code = await resetCode(server, customer.email);
    const verified = await post(server, 'verify-otp', { otp: code, email: customer.email });
    const NEW_PASSWORD = 'Plantain chips at noon 31';
    expect(
      (
        await post(server, 'passwordReset', {
          email: customer.email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          reset_token: verified.body.data.reset_token,
        })
      ).status,
    ).toBe(200);
    expect((await login(server, '127.0.0.20', customer.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends by itself when its window is over', async () => {
    const short = await startTestServer({ loginThrottle: { max: 3, windowMs: 1_500 } });
    try {
      const customer = await signUp(short);
      for (const address of addresses(3))
        expect((await login(short, address, customer.email, 'not the password')).status).toBe(400);
      const refused = await login(short, '127.0.0.9', customer.email, PASSWORD);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect([1, 2]).toContain(retryAfter);
      expect(refused.body.message).toMatch(/try again in \d seconds?/);
      // Waiting as long as Retry-After says is enough.
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      expect((await login(short, '127.0.0.9', customer.email, PASSWORD)).status).toBe(200);
    } finally {
      await short.close();
    }
  }, 60_000);

  it('is forgotten when its window is over: the next failed login clears the ended ones', async () => {
    const short = await startTestServer({ loginThrottle: { max: 3, windowMs: 1_000 } });
    const countedAccounts = async () =>
      (await short.app.db.selectFrom('login_failures').select('email_hash').execute()).length;
    try {
      const first = await signUp(short);
      const second = await signUp(short);
      expect((await login(short, '127.0.0.2', first.email, 'not the password')).status).toBe(400);
      expect(await countedAccounts()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await login(short, '127.0.0.3', second.email, 'not the password')).status).toBe(400);
      // The first account's window has ended: only the second's count is kept.
      expect(await countedAccounts()).toBe(1);
    } finally {
      await short.close();
    }
  }, 60_000);
});

describe('Cache-Control: no-store on answers with a token, a code or personal data', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await signUp(server);
  });

  it.each([
    ['login', () => post(server, 'login', { email: customer.email, password: PASSWORD }), 200],
    [
      'a failed login',
      () => post(server, 'login', { email: customer.email, password: 'not it' }),
      400,
    ],
    ['the profile', () => get(server, 'users/profile', customer.token), 200],
    ['the orders', () => get(server, 'users/orders', customer.token), 200],
    ['no session', () => get(server, 'users/profile'), 401],
    ['sign-up', () => register(server, uniqueEmail()), 200],
    [
      'verify-email',
      () => post(server, 'verify-email', { verification_token: '000000', email: customer.email }),
      422,
    ],
    ['verify-otp', () => post(server, 'verify-otp', { otp: '000000', email: customer.email }), 422],
    ['forget-password', () => post(server, 'forget-password', { email: customer.email }), 200],
    [
      'passwordReset',
      () =>
        post(server, 'passwordReset', {
          email: customer.email,
          password: 'Palm wine and pepper 8',
          password_confirmation: 'Palm wine and pepper 8',
          reset_token: 'x',
        }),
      422,
    ],
  ])('%s', async (_label, send, status) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('public ids', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are random uuids, the same in the login and the profile, and never the database id', async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    for (const customer of [first, second]) {
      expect(customer.id).toMatch(UUID_V4);
      const profile = await get(server, 'users/profile', customer.token);
      expect(profile.body.data.id).toBe(customer.id);
      expect(JSON.stringify(profile.body)).not.toMatch(new RegExp(`"id":${customer.userId}\\b`));
    }
    expect(second.userId).toBe(first.userId + 1);
    expect(second.id).not.toBe(first.id);
  });

  it("edit the caller's own profile by its public id, and no one else's", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const form = () => {
      const data = new FormData();
      data.append('fullname', 'Ada Obi');
      data.append('phone', '08031234567');
      return data;
    };
    expect((await post(server, `users/edit/${owner.id}`, form(), owner.token)).status).toBe(200);
    expect((await post(server, `users/edit/${other.id}`, form(), owner.token)).status).toBe(403);
  });
});

describe('a signed-in password check shares the login throttle', () => {
  const NEW_PASSWORD = 'Suya by the lagoon 58';
  const changeFrom = (address: string, token: string, old_password: string) =>
    postFrom(
      server,
      address,
      'users/ChangePassword',
      { old_password, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
      token,
    );

  it('refuses the 11th change-password try across sessions and addresses, the right one included', async () => {
    const customer = await signUp(server);
    const second = (await post(server, 'login', { email: customer.email, password: PASSWORD })).body
      .token as string;
    const statuses: number[] = [];
    for (const [index, address] of addresses(10).entries()) {
      statuses.push(
        (await changeFrom(address, index % 2 ? second : customer.token, 'not the password')).status,
      );
    }
    expect(statuses).toEqual(Array(10).fill(422));
    const right = await changeFrom('127.0.0.30', customer.token, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(right.body.message).toMatch(/Too many failed logins for this account/);
    // A login of the account is held by the same count.
    expect(
      (await post(server, 'login', { email: customer.email, password: PASSWORD })).status,
    ).toBe(429);
  });

  it('refuses account deletion with the right password once logins used up the count', async () => {
    const customer = await signUp(server);
    for (const address of addresses(9))
      await postFrom(server, address, 'login', {
        email: customer.email,
        password: 'not the password',
      });
    const wrong = await postFrom(
      server,
      '127.0.0.30',
      'users/DeleteUser',
      { Reason: 'Moving abroad', password: 'not the password' },
      customer.token,
    );
    expect(wrong.status).toBe(422);
    const right = await postFrom(
      server,
      '127.0.0.31',
      'users/DeleteUser',
      { Reason: 'Moving abroad', password: PASSWORD },
      customer.token,
    );
    expect(right.status).toBe(429);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
  });

  it('ends every session when the password changes, this one too, and mails the owner', async () => {
    const customer = await signUp(server);
    const second = (await post(server, 'login', { email: customer.email, password: PASSWORD })).body
      .token as string;
    expect((await changeFrom('127.0.0.2', customer.token, PASSWORD)).status).toBe(200);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect((await get(server, 'users/profile', second)).status).toBe(401);
    expect((await lastMailTo(server, customer.email))?.subject).toBe('Your password was changed');
  });
});
