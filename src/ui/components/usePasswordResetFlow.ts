/**
 * Runs src/machines/passwordResetMachine.ts for one of its three pages with the real calls,
 * toasts and navigation. The progress (email, reset token) lives in session storage, so a
 * reload or a page opened directly picks the flow up where this tab left it.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { accountsApi } from '../../api/lazy';
import { drafts } from '../../api/storage';
import {
  passwordResetMachine,
  type ResetPage,
  type ResetProgress,
} from '../../machines/passwordResetMachine';
import { notifySuccess } from '../toast';
import { formOf, useFlow } from './useFlow';

const PROGRESS = 'password-reset';

const paths: Record<ResetPage | 'login', string> = {
  request: '/forgot-password',
  code: '/otp-verification',
  password: '/reset-password',
  login: '/login',
};

export function usePasswordResetFlow(page: ResetPage) {
  const [progress] = useState(() => drafts.load<ResetProgress>(PROGRESS) ?? {});
  const flow = useFlow<typeof passwordResetMachine>(
    passwordResetMachine,
    ({ navigate }) => ({
      actors: {
        forgetPassword: fromPromise(({ input }) => accountsApi.forgetPassword(input)),
        verifyOtp: fromPromise(({ input }) => accountsApi.verifyOtp(input)),
        passwordReset: fromPromise(({ input }) => accountsApi.passwordReset(input)),
      },
      actions: {
        saveProgress: (_, saved) => drafts.save(PROGRESS, saved),
        clearProgress: () => drafts.clear(PROGRESS),
        notifySuccess: (_, { message }) => notifySuccess(message),
        goTo: (_, { page: next, email }) =>
          navigate(paths[next], next === 'login' ? { state: { email } } : undefined),
      },
    }),
    { page, progress, redirectDelay: 3000 },
  );
  const { snapshot, busy } = flow;
  const { field, onSubmit } = formOf(flow);
  return { snapshot, field, onSubmit, busy };
}
