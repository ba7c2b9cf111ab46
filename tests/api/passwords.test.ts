/** Forgotten password (code, reset token, reset) and password change, with the sessions they end. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consumeCode } from '../../server/accounts/codes';
import { codeFrom, lastMailTo, mailCountTo, waitForMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { get, PASSWORD, post, signUp, uniqueEmail } from '../support/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NEW_PASSWORD = 'Jollof rice at dusk 77';

async function resetCode(email: string) {
  const before = mailCountTo(server.dataDir, email);
  const asked = await post(server, 'forget-password', { email });
  expect(asked).toMatchObject({ status: 200, body: { message: 'OTP code sent to your email' } });
  return codeFrom((await waitForMailTo(server.dataDir, email, before + 1)).text);
}

describe('forgotten password', () => {
  it('resets through the mailed code and the reset token, ending every session', async () => {
    const customer = await signUp(server);
    const code = await resetCode(customer.email);
    const verified = await post(server, 'verify-otp', { otp: code, email: customer.email });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('OTP code verified successfully');
    const reset_token: string = verified.body.data.reset_token;
    // 32 random bytes, not a code a person types: it cannot be guessed in the time it lives.
    expect(reset_token).toMatch(/^[\w-]{43}$/);

    const reset = await post(server, 'passwordReset', {
      email: customer.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_token,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Password reset successful' } });
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect(
      (await post(server, 'login', { email: customer.email, password: PASSWORD })).status,
    ).toBe(400);
    expect(
      (await post(server, 'login', { email: customer.email, password: NEW_PASSWORD })).status,
    ).toBe(200);

    const again = await post(server, 'passwordReset', {
      email: customer.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      reset_token,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.reset_token).toBeDefined();
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await post(server, 'forget-password', { email: nobody })).toMatchObject({
      status: 200,
      body: { message: 'OTP code sent to your email' },
    });
    // The mail goes out after the answer: once a known address's code (asked for next) has
    // arrived, the unknown address's turn has passed.
    await resetCode((await signUp(server)).email);
    expect(await lastMailTo(server, nobody)).toBeUndefined();
  });

  it('uses a right code once when requests bring it at the same moment', async () => {
    const customer = await signUp(server);
    const code = await resetCode(customer.email);
    // Each check counts its try, then deletes the code: of racing checks that all counted the
    // right code, only the one whose delete removed it is let through.
    const users = await Promise.all(
      [1, 2, 3].map(() => consumeCode(server.app.db, 'password_reset', code, customer.email)),
    );
    expect(users.filter((user) => user !== null)).toHaveLength(1);
  });

  it("refuses a reset token with another account's email", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const verified = await post(server, 'verify-otp', {
      otp: await resetCode(owner.email),
      email: owner.email,
    });
    const answer = await post(server, 'passwordReset', {
      email: other.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      reset_token: verified.body.data.reset_token,
    });
    expect(answer.status).toBe(422);
  });

  it('lets a reset code expire after 10 minutes', async () => {
    const customer = await signUp(server);
    const code = await resetCode(customer.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 601_000 });
    try {
      expect((await post(server, 'verify-otp', { otp: code, email: customer.email })).status).toBe(
        422,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('voids a reset code after 5 wrong tries', async () => {
    const customer = await signUp(server);
    const code = await resetCode(customer.email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++)
      await post(server, 'verify-otp', { otp: wrong, email: customer.email });
    const answer = await post(server, 'verify-otp', { otp: code, email: customer.email });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.otp[0]).toMatch(/wrong or has expired/);
  });

  it('refuses a common new password', async () => {
    const customer = await signUp(server);
    const verified = await post(server, 'verify-otp', {
      otp: await resetCode(customer.email),
      email: customer.email,
    });
    const answer = await post(server, 'passwordReset', {
      email: customer.email,
      password: 'qwertyuiop',
      password_confirmation: 'qwertyuiop',
      reset_token: verified.body.data.reset_token,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.password[0]).toMatch(/most common/);
  });
});

describe('password change', () => {
  it('checks the old password, ends every session, this one too, and mails the owner', async () => {
    const customer = await signUp(server);
    const elsewhere = (await post(server, 'login', { email: customer.email, password: PASSWORD }))
      .body.token;

    const wrong = await post(
      server,
      'users/ChangePassword',
      {
        old_password: 'not it at all',
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      },
      customer.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.old_password).toBeDefined();

    const changed = await post(
      server,
      'users/ChangePassword',
      {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      },
      customer.token,
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { message: 'Password changed successfully' },
    });
    expect((await get(server, 'users/profile', customer.token)).status).toBe(401);
    expect((await get(server, 'users/profile', elsewhere)).status).toBe(401);
    expect(
      (await post(server, 'login', { email: customer.email, password: NEW_PASSWORD })).status,
    ).toBe(200);

    const notice = await lastMailTo(server, customer.email);
    expect(notice?.subject).toBe('Your password was changed');
    expect(notice?.text).toMatch(/every device that was logged in has been logged out/);
    expect(notice?.text).toMatch(/If it was not you, reset your password/);
  });
});
