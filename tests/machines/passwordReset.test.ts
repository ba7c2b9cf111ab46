import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { passwordResetMachine, type PasswordResetInput } from '../../src/machines/passwordResetMachine';
import { graphSuite } from './graph';

const effects = () => ({ saveProgress: vi.fn(), clearProgress: vi.fn(), notifySuccess: vi.fn(), notifyErrors: vi.fn(), goTo: vi.fn() });
const failure = (field: string) => new ApiError(['This code is wrong or has expired.'], { [field]: ['This code is wrong or has expired.'] }, 422);
const email = 'ada@example.com';

graphSuite('passwordReset', {
  machine: passwordResetMachine,
  // Every page, with and without the progress earlier pages leave behind.
  inputs: [
    { page: 'request', progress: {}, redirectDelay: 3000 },
    { page: 'code', progress: {}, redirectDelay: 3000 },
    { page: 'code', progress: { email }, redirectDelay: 3000 },
    { page: 'password', progress: {}, redirectDelay: 3000 },
    { page: 'password', progress: { email }, redirectDelay: 3000 },
    { page: 'password', progress: { email, resetToken: 'r3set' }, redirectDelay: 3000 },
  ] satisfies PasswordResetInput[],
  events: [
    { type: 'field.change', name: 'email', value: email },
    { type: 'field.change', name: 'email', value: 'ada@' },
    { type: 'field.change', name: 'otp', value: '123456' },
    { type: 'field.change', name: 'otp', value: '12' },
    { type: 'field.change', name: 'password', value: 'a new password' },
    { type: 'field.change', name: 'password_confirmation', value: 'a new password' },
    { type: 'field.change', name: 'password_confirmation', value: 'another one' },
    { type: 'xstate.done.actor.forgetPassword', output: { message: 'OTP code sent to your email' } },
    { type: 'xstate.error.actor.forgetPassword', error: failure('email') },
    { type: 'xstate.done.actor.verifyOtp', output: { message: 'OTP code verified successfully', data: { reset_token: 'r3set' } } },
    { type: 'xstate.error.actor.verifyOtp', error: failure('otp') },
    { type: 'xstate.done.actor.passwordReset', output: { message: 'Password reset successful' } },
    { type: 'xstate.error.actor.passwordReset', error: failure('reset_token') },
  ],
  // Which values pass their step's rule, not the values themselves, keeps the graph finite.
  serializeState: (snapshot) => {
    const { values, resetToken, errors } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      email: values.email === email,
      otp: values.otp.length,
      password: values.password !== '',
      match: values.password === values.password_confirmation,
      resetToken: resetToken !== '',
      errors: Object.keys(errors),
    });
  },
  implementations: { actions: effects() },
});

describe('passwordReset chain', () => {
  function start(input: PasswordResetInput) {
    const spies = effects();
    const calls = {
      forgetPassword: vi.fn(async (_request: unknown) => ({ message: 'OTP code sent to your email' })),
      verifyOtp: vi.fn(async (_request: unknown) => ({ message: 'OTP code verified successfully', data: { reset_token: 'r3set' } })),
      passwordReset: vi.fn(async (_request: unknown) => ({ message: 'Password reset successful' })),
    };
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          forgetPassword: fromPromise(({ input: request }) => calls.forgetPassword(request)),
          verifyOtp: fromPromise(({ input: request }) => calls.verifyOtp(request)),
          passwordReset: fromPromise(({ input: request }) => calls.passwordReset(request)),
        },
        actions: {
          saveProgress: (_, params) => spies.saveProgress(params),
          clearProgress: () => spies.clearProgress(),
          notifySuccess: (_, params) => spies.notifySuccess(params),
          notifyErrors: (_, params) => spies.notifyErrors(params),
          goTo: (_, params) => spies.goTo(params),
        },
      }),
      { input },
    ).start();
    return { actor, spies, calls };
  }

  it('walks email → code → new password → login, saying each step and keeping the progress', async () => {
    const { actor, spies, calls } = start({ page: 'request', progress: {}, redirectDelay: 1 });
    actor.send({ type: 'field.change', name: 'email', value: email });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    expect(calls.forgetPassword).toHaveBeenCalledTimes(1);
    expect(spies.notifySuccess).toHaveBeenLastCalledWith({ message: 'OTP code sent to your email' });
    expect(spies.saveProgress).toHaveBeenLastCalledWith({ email });
    expect(spies.goTo).toHaveBeenLastCalledWith({ page: 'code', email });

    actor.send({ type: 'field.change', name: 'otp', value: '12ab34 56' });
    expect(actor.getSnapshot().context.values.otp).toBe('123456');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('choosingPassword'));
    expect(calls.verifyOtp).toHaveBeenCalledWith({ otp: '123456', email });
    expect(spies.saveProgress).toHaveBeenLastCalledWith({ email, resetToken: 'r3set' });
    expect(spies.goTo).toHaveBeenLastCalledWith({ page: 'password', email });

    actor.send({ type: 'field.change', name: 'password', value: 'a new password' });
    actor.send({ type: 'field.change', name: 'password_confirmation', value: 'a new password' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.passwordReset).toHaveBeenCalledWith({ email, password: 'a new password', password_confirmation: 'a new password', reset_token: 'r3set' });
    expect(spies.clearProgress).toHaveBeenCalled();
    expect(spies.goTo).toHaveBeenLastCalledWith({ page: 'login', email });
  });

  it("asks for six digits: 'Please enter a 6-digit OTP code.'", () => {
    const { actor, calls } = start({ page: 'code', progress: { email }, redirectDelay: 1 });
    actor.send({ type: 'field.change', name: 'otp', value: '123' });
    actor.send({ type: 'submit' });
    expect(calls.verifyOtp).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors.otp).toEqual(['Please enter a 6-digit OTP code.']);
  });

  it('resumes where the saved progress allows, and says where to start otherwise', () => {
    expect(start({ page: 'code', progress: {}, redirectDelay: 1 }).actor.getSnapshot().value).toBe('needsEmail');
    expect(start({ page: 'password', progress: { email }, redirectDelay: 1 }).actor.getSnapshot().value).toBe('needsCode');
    expect(start({ page: 'password', progress: { email, resetToken: 'r' }, redirectDelay: 1 }).actor.getSnapshot().value).toBe('choosingPassword');
  });
});
