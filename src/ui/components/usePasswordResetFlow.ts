/**
 * Runs src/machines/passwordResetMachine.ts for one of its three pages with the real calls,
 * toasts and navigation. The progress (email, reset token) lives in session storage, so a
 * reload or a page opened directly picks the flow up where this tab left it.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { drafts } from '../../api/storage';
import { passwordResetMachine, type ResetPage, type ResetProgress } from '../../machines/passwordResetMachine';
import { inspect } from '../inspector';
import { notifyErrors, notifySuccess } from '../toast';

const PROGRESS = 'password-reset';

const paths: Record<ResetPage | 'login', string> = {
  request: '/forgot-password',
  code: '/otp-verification',
  password: '/reset-password',
  login: '/login',
};

export function usePasswordResetFlow(page: ResetPage) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    passwordResetMachine.provide({
      actors: {
        forgetPassword: fromPromise(({ input }) => api.forgetPassword(input)),
        verifyOtp: fromPromise(({ input }) => api.verifyOtp(input)),
        passwordReset: fromPromise(({ input }) => api.passwordReset(input)),
      },
      actions: {
        saveProgress: (_, progress) => drafts.save(PROGRESS, progress),
        clearProgress: () => drafts.clear(PROGRESS),
        notifySuccess: (_, { message }) => notifySuccess(message),
        notifyErrors: (_, { messages }) => notifyErrors(messages),
        goTo: (_, { page: next, email }) => navigate(paths[next], next === 'login' ? { state: { email } } : undefined),
      },
    }),
  );
  const [progress] = useState(() => drafts.load<ResetProgress>(PROGRESS) ?? {});
  const [snapshot, send] = useMachine(logic, { input: { page, progress, redirectDelay: 3000 }, inspect });

  const field = (name: string) => ({
    name,
    value: snapshot.context.values[name] ?? '',
    errors: snapshot.context.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => send({ type: 'field.change', name, value: event.target.value }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  return { snapshot, field, onSubmit, busy: snapshot.hasTag('busy') };
}
