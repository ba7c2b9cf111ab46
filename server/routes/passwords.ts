/** Forgotten password (code by mail, verified for a reset token, then the reset) and password change. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { consumeCode, issueCode, WRONG_CODE_MESSAGE } from '../accounts/codes';
import { checkCode, sendCode } from '../accounts/mailed-codes';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../accounts/passwords';
import { accountPasswordMatches, clearLoginAttempts } from '../accounts/login-throttle';
import { findUserByEmail, setPasswordHash } from '../accounts/users';
import { currentUser, endOtherSessions } from '../accounts/auth';
import { passwordChangedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { invalid } from '../http/problems';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export const RESET_SESSION_ENDED = 'Your reset session has ended. Please request a new code.';
export const WRONG_OLD_PASSWORD = 'Your current password is not correct.';

export async function passwordRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, background, config } = services;

  // The same answer in the same time whether or not the email has an account: the lookup, the
  // code and the mail (queued with it in one transaction) happen after the answer.
  contractRoute(
    app,
    services,
    'forgetPassword',
    async (request, reply) => {
      const { email } = request.body;
      background.afterAnswer(reply, 'sending a password reset code', async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
        await sendCode(services, user, 'password_reset');
      });
      return { message: calls.forgetPassword.success };
    },
    { rateLimited: true },
  );

  contractRoute(
    app,
    services,
    'verifyOtp',
    async (request) => {
      const userId = await checkCode(
        services,
        'password_reset',
        request.body.otp,
        request.body.email,
      );
      if (userId === null) throw invalid({ otp: [WRONG_CODE_MESSAGE] });
      const reset_token = await issueCode(db, userId, 'reset_session');
      return { message: calls.verifyOtp.success, data: { reset_token } };
    },
    { rateLimited: true },
  );

  contractRoute(
    app,
    services,
    'passwordReset',
    async (request) => {
      const { email, password, reset_token } = request.body;
      if (isCommonPassword(password)) throw invalid({ password: [COMMON_PASSWORD_MESSAGE] });
      const userId = await consumeCode(db, 'reset_session', reset_token, email);
      if (userId === null) throw invalid({ reset_token: [RESET_SESSION_ENDED] });
      const password_hash = await hashPassword(password);
      // The code reached the mailbox, so the email is proven too.
      await setPasswordHash(db, userId, password_hash, { proveEmail: true });
      await endOtherSessions(db, userId, null);
      // The mailbox is proven, so a login throttle that an attacker caused ends for its owner.
      await clearLoginAttempts(db, email);
      return { message: calls.passwordReset.success };
    },
    { rateLimited: true },
  );

  // The old password is limited with the account's logins; a change ends every session, this
  // one too (the site then asks for the new password), and tells the owner by mail: whoever holds
  // a session, stolen or not, cannot change the password unnoticed or stay logged in after it.
  contractRoute(
    app,
    services,
    'changePassword',
    async (request) => {
      const user = currentUser(request);
      const { old_password, new_password } = request.body;
      if (!(await accountPasswordMatches(db, user, old_password, config.loginThrottle))) {
        throw invalid({ old_password: [WRONG_OLD_PASSWORD] });
      }
      if (isCommonPassword(new_password))
        throw invalid({ new_password: [COMMON_PASSWORD_MESSAGE] });
      const password_hash = await hashPassword(new_password);
      await mailer.transaction(async (trx) => {
        await setPasswordHash(trx, user.id, password_hash);
        await endOtherSessions(trx, user.id, null);
        await enqueueMail(trx, passwordChangedMail(user.email, new Date()), { urgent: true });
      });
      return { message: calls.changePassword.success };
    },
    { rateLimited: true },
  );
}
