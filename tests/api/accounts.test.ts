/** Sign-up, email verification, login and logout, over HTTP against the real server. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeFrom, lastMailTo, waitForMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { get, PASSWORD, post, register, signUp, uniqueEmail } from '../support/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
});

describe('sign-up', () => {
  it('stores the account with an argon2id hash and mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const answer = await register(server, email.toUpperCase());
    expect(answer).toMatchObject({ status: 200, body: { message: 'User created successfully' } });
    const user = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    const mail = (await lastMailTo(server, email))!;
    expect(mail.subject).toBe('Your verification code');
    expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
    const stored = await server.app.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(codeFrom(mail.text));
  });

  it('refuses a second account with the same email, under the email field', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const again = await register(server, email);
    expect(again.status).toBe(422);
    expect(again.body.errors.email[0]).toMatch(/already exists/);
  });

  it.each([
    ['short', 'Ab1-xyz', 'password', /at least 8/],
    ['common', 'password123', 'password', /most common/],
    ['common in capitals', 'Iloveyou1', 'password', /most common/],
  ])('refuses a %s password', async (_label, password, field, message) => {
    const answer = await register(server, uniqueEmail(), password);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field][0]).toMatch(message);
    expect(answer.body.message).toMatch(message);
  });

  it('refuses a confirmation that does not match, and stores nothing', async () => {
    const email = uniqueEmail();
    const answer = await post(server, 'register', {
      fullname: 'Ada',
      email,
      phone: '08031234567',
      password: PASSWORD,
      password_confirmation: `${PASSWORD}!`,
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { errors: { password_confirmation: ['Passwords do not match'] } },
    });
    expect(
      await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers every missing field with its own message', async () => {
    const answer = await post(server, 'register', {});
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      'email',
      'fullname',
      'password',
      'password_confirmation',
      'phone',
    ]);
  });
});

describe('email verification', () => {
  it('needs the code before login, then logs in with a token', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const early = await post(server, 'login', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/verify your email/);
    expect(early.body.token).toBeUndefined();

    const code = codeFrom((await lastMailTo(server, email))!.text);
    expect(await post(server, 'verify-email', { verification_token: code, email })).toMatchObject({
      status: 200,
      body: { message: 'Email verified successfully' },
    });
    expect(await post(server, 'verify-email', { verification_token: code, email })).toMatchObject({
      status: 422,
    });

    const login = await post(server, 'login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      message: 'User successfully logged in',
      data: { email, profile_image: null },
    });
    expect(login.body.data.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Buffer.from(login.body.token, 'base64url')).toHaveLength(32);
  });

  it('voids the old code when a new one is sent', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const first = codeFrom((await lastMailTo(server, email))!.text);
    expect(await post(server, 'resendOtp', { email })).toMatchObject({
      status: 200,
      body: { message: 'OTP resent successfully' },
    });
    const second = codeFrom((await waitForMailTo(server.dataDir, email, 2)).text);
    if (first !== second)
      expect(
        (await post(server, 'verify-email', { verification_token: first, email })).status,
      ).toBe(422);
    expect((await post(server, 'verify-email', { verification_token: second, email })).status).toBe(
      200,
    );
  });

  it('lets a code expire after 300 seconds', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const code = codeFrom((await lastMailTo(server, email))!.text);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    try {
      expect((await post(server, 'verify-email', { verification_token: code, email })).status).toBe(
        422,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('voids a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const code = codeFrom((await lastMailTo(server, email))!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await post(server, 'verify-email', { verification_token: wrong, email })).status,
      ).toBe(422);
    }
    const last = await post(server, 'verify-email', { verification_token: code, email });
    expect(last.status).toBe(422);
    expect(last.body.errors.verification_token[0]).toMatch(/wrong or has expired/);
  });

  it('answers resend the same for an unknown email, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await post(server, 'resendOtp', { email: nobody })).toMatchObject({
      status: 200,
      body: { message: 'OTP resent successfully' },
    });
    // The mail goes out after the answer: once a known address's code (asked for next) has
    // arrived, the unknown address's turn has passed.
    const known = uniqueEmail();
    await register(server, known);
    await post(server, 'resendOtp', { email: known });
    await waitForMailTo(server.dataDir, known, 2);
    expect(await lastMailTo(server, nobody)).toBeUndefined();
  });
});

describe('login and sessions', () => {
  it('says the same for an unknown email and a wrong password', async () => {
    const customer = await signUp(server);
    const unknown = await post(server, 'login', {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    const wrong = await post(server, 'login', {
      email: customer.email,
      password: 'not the password',
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Invalid email or password.' } });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Invalid email or password.' } });
  });

  it('stores only the SHA-256 of the token, and logout revokes it', async () => {
    const customer = await signUp(server);
    const sessions = await server.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', customer.userId)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.token_hash).not.toBe(customer.token);

    expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
    expect((await get(server, 'users/logout', customer.token)).status).toBe(200);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
  });

  it.each([
    ['missing', undefined],
    ['invalid', 'not-a-token'],
    ['malformed', 'a'.repeat(5000)],
  ])('answers 401 to a %s token', async (_label, token) => {
    const answer = await get(server, 'users/orders', token);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBeTruthy();
  });

  it('expires a token after 30 days', async () => {
    const customer = await signUp(server);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * 86_400_000 + 60_000 });
    try {
      expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
