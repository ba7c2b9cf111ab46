/** Sign-up, email verification (and resending its code), login and logout. */
import type { FastifyInstance } from 'fastify';
import { calls, LOGGED_OUT } from '../../src/api/contract';
import { WRONG_CODE_MESSAGE } from '../accounts/codes';
import { checkCode, sendCode } from '../accounts/mailed-codes';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  passwordMatches,
} from '../accounts/passwords';
import {
  clearLoginAttempts,
  forgetEndedLoginWindows,
  throttleAccount,
} from '../accounts/login-throttle';
import { createUser, findUserByEmail, markEmailVerified } from '../accounts/users';
import { endSession, startSession } from '../accounts/auth';
import { bearerToken } from '../http/auth';
import { invalid, Problem } from '../http/problems';
import type { RoutesOptions } from '../services';
import { imageUrl } from '../files/uploads';
import { contractRoute } from './contract-route';

export const DUPLICATE_EMAIL_MESSAGE =
  'An account with this email already exists. Log in or reset your password.';
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';
export const UNVERIFIED_MESSAGE =
  'Please verify your email before logging in: enter the 6-digit code we sent you, or ask for a new one.';

export async function accountRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, config, background } = services;

  contractRoute(
    app,
    services,
    'register',
    async (request) => {
      const { fullname, email, phone, password } = request.body;
      if (isCommonPassword(password)) throw invalid({ password: [COMMON_PASSWORD_MESSAGE] });
      if (await findUserByEmail(db, email)) throw invalid({ email: [DUPLICATE_EMAIL_MESSAGE] });
      const password_hash = await hashPassword(password);
      const user = await createUser(db, { fullname, email, phone, password_hash });
      if (!user) throw invalid({ email: [DUPLICATE_EMAIL_MESSAGE] });
      await sendCode(services, user, 'email_verification');
      return { message: calls.register.success };
    },
    { rateLimited: true },
  );

  contractRoute(
    app,
    services,
    'verifyEmail',
    async (request) => {
      const { verification_token, email } = request.body;
      const userId = await checkCode(services, 'email_verification', verification_token, email);
      if (userId === null) throw invalid({ verification_token: [WRONG_CODE_MESSAGE] });
      await markEmailVerified(db, userId);
      return { message: calls.verifyEmail.success };
    },
    { rateLimited: true },
  );

  // The same answer in the same time whether or not the email has an account waiting for
  // verification: the lookup and the mail happen after the answer.
  contractRoute(
    app,
    services,
    'resendOtp',
    async (request, reply) => {
      const { email } = request.body;
      background.afterAnswer(reply, 'resending a verification code', async () => {
        const user = await findUserByEmail(db, email);
        if (user && !user.email_verified_at) await sendCode(services, user, 'email_verification');
      });
      return { message: calls.resendOtp.success };
    },
    { rateLimited: true },
  );

  contractRoute(
    app,
    services,
    'login',
    async (request) => {
      const { email, password } = request.body;
      await throttleAccount(db, email, config.loginThrottle);
      const user = await findUserByEmail(db, email);
      // Unknown email and wrong password take the same time and get the same answer.
      const matches = await passwordMatches(user?.password_hash ?? null, password);
      if (!user || !matches) {
        await forgetEndedLoginWindows(db, config.loginThrottle);
        throw new Problem(400, LOGIN_FAILED_MESSAGE);
      }
      await clearLoginAttempts(db, email);
      if (!user.email_verified_at) throw new Problem(403, UNVERIFIED_MESSAGE);
      const token = await startSession(db, user.id);
      return {
        message: calls.login.success,
        token,
        data: {
          id: user.public_id,
          profile_image: imageUrl(user.profile_image),
          email: user.email,
          role: user.role,
        },
      };
    },
    { rateLimited: true },
  );

  contractRoute(app, services, 'logout', async (request) => {
    const token = bearerToken(request);
    if (token) await endSession(db, token);
    return { message: LOGGED_OUT };
  });
}
