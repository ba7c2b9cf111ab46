import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  waitFor,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import type { z } from 'zod/mini';
import { emailOnlyRequest, passwordResetRequest, verifyOtpRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  passwordResetMachine,
  type PasswordResetInput,
} from '../../src/machines/passwordResetMachine';
import { problemsOf } from '../../src/machines/formFields';
import { graphSuite, statePath } from '../support/graph/graph';

const effects = () => ({
  saveProgress: vi.fn(),
  clearProgress: vi.fn(),
  notifySuccess: vi.fn(),
  notifyErrors: vi.fn(),
  goTo: vi.fn(),
});
const failure = (field: string) =>
  new ApiError(
    ['This code is wrong or has expired.'],
    { [field]: ['This code is wrong or has expired.'] },
    422,
  );
const email = 'ada@example.com';

const replayed = effects();
/** Each page's form: the state it is typed in, what Submit sends (and the schema it must pass), the call and the state it waits in. */
const forms: Record<
  string,
  {
    sent: (context: AnyMachineSnapshot['context']) => unknown;
    schema: z.ZodMiniType;
    call: string;
    waiting: string;
  }
> = {
  requesting: {
    sent: ({ values }) => ({ email: values.email }),
    schema: emailOnlyRequest,
    call: 'forgetPassword',
    waiting: 'sendingCode',
  },
  enteringCode: {
    sent: ({ values }) => ({ otp: values.otp, email: values.email }),
    schema: verifyOtpRequest,
    call: 'verifyOtp',
    waiting: 'verifyingCode',
  },
  choosingPassword: {
    sent: ({ values, resetToken }) => ({
      email: values.email,
      password: values.password,
      password_confirmation: values.password_confirmation,
      reset_token: resetToken,
    }),
    schema: passwordResetRequest,
    call: 'passwordReset',
    waiting: 'resetting',
  },
};
const formOfCall = (call: string) => Object.entries(forms).find(([, form]) => form.call === call)!;
/** After each success has shown: the page it goes to, and the state it waits in there. */
const leaving: Record<string, { page: string; next: string }> = {
  codeSent: { page: 'code', next: 'enteringCode' },
  codeVerified: { page: 'password', next: 'choosingPassword' },
  passwordChanged: { page: 'login', next: 'done' },
};
const paramsOf = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.map((call) => call[1]);

/** What each step shows and does, checked on every generated path whatever the machine's graph says. */
function checkStep(
  actual: AnyMachineSnapshot,
  event: EventObject & Record<string, unknown>,
  before: AnyMachineSnapshot,
) {
  const state = statePath(actual.value);
  const from = statePath(before.value);
  const was = before.context;
  const now = actual.context;
  const notified = {
    success: paramsOf(replayed.notifySuccess),
    errors: paramsOf(replayed.notifyErrors),
    saved: paramsOf(replayed.saveProgress),
  };
  expect(actual.status === 'done').toBe(state === 'done');
  if (event.type === 'field.change') {
    const name = event.name as string;
    const typed =
      name === 'otp' ? (event.value as string).replace(/\D/g, '').slice(0, 6) : event.value;
    expect(now.values).toEqual({ ...was.values, [name]: typed });
    expect(now.errors[name]).toBeUndefined();
  } else if (event.type === 'submit') {
    const form = forms[from]!;
    const problems = problemsOf(form.schema, form.sent(was));
    expect(state).toBe(problems.messages.length === 0 ? form.waiting : from);
    if (problems.messages.length > 0) {
      expect(now.errors).toEqual(problems.errors);
      expect(notified.errors).toEqual([{ messages: problems.messages }]);
    }
  } else if (event.type.startsWith('xstate.done.actor.')) {
    const call = event.type.slice('xstate.done.actor.'.length);
    const output = event.output as { message: string; data?: { reset_token: string } };
    expect(notified.success).toEqual([{ message: output.message }]);
    if (call === 'forgetPassword') {
      expect(state).toBe('codeSent');
      expect(notified.saved).toEqual([{ email: was.values.email }]);
    } else if (call === 'verifyOtp') {
      expect(state).toBe('codeVerified');
      expect(now.resetToken).toBe(output.data!.reset_token);
      expect(notified.saved).toEqual([
        { email: was.values.email, resetToken: output.data!.reset_token },
      ]);
    } else {
      expect(state).toBe('passwordChanged');
      expect(replayed.clearProgress).toHaveBeenCalledTimes(1);
      expect(notified.saved).toEqual([]);
    }
  } else if (event.type.startsWith('xstate.error.actor.')) {
    const error = event.error as ApiError;
    expect(state).toBe(formOfCall(event.type.slice('xstate.error.actor.'.length))[0]);
    expect(now.errors).toEqual(error.fields);
    expect(notified.errors).toEqual([{ messages: error.messages }]);
    expect(notified.success).toEqual([]);
  } else if (event.type.startsWith('xstate.after.')) {
    expect(state).toBe(leaving[from]!.next);
    expect(paramsOf(replayed.goTo)).toEqual([
      { page: leaving[from]!.page, email: was.values.email },
    ]);
  }
  if (!event.type.startsWith('xstate.after.')) expect(replayed.goTo).not.toHaveBeenCalled();
  if (!event.type.startsWith('xstate.done.actor.')) expect(notified.success).toEqual([]);
  Object.values(replayed).forEach((spy) => spy.mockClear());
}

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
    {
      type: 'xstate.done.actor.forgetPassword',
      output: { message: 'OTP code sent to your email' },
    },
    { type: 'xstate.error.actor.forgetPassword', error: failure('email') },
    {
      type: 'xstate.done.actor.verifyOtp',
      output: { message: 'OTP code verified successfully', data: { reset_token: 'r3set' } },
    },
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
  implementations: { actions: replayed },
  states: {
    needsEmail: [],
    needsCode: [],
    requesting: [],
    sendingCode: ['busy'],
    codeSent: ['busy'],
    enteringCode: [],
    verifyingCode: ['busy'],
    codeVerified: ['busy'],
    choosingPassword: [],
    resetting: ['busy'],
    passwordChanged: ['busy'],
    done: [],
  },
  checkInput: (id, input, snapshot) => {
    const [page, form] = formOfCall(id);
    expect(statePath(snapshot.value)).toBe(form.waiting);
    expect(input, `what ${page} sends`).toEqual(form.sent(snapshot.context));
  },
  check: (actual, _expected, event, before) =>
    checkStep(actual, event as EventObject & Record<string, unknown>, before),
});

describe('passwordReset chain', () => {
  function start(input: PasswordResetInput) {
    const spies = effects();
    const calls = {
      forgetPassword: vi.fn(async (_request: unknown) => ({
        message: 'OTP code sent to your email',
      })),
      verifyOtp: vi.fn(async (_request: unknown) => ({
        message: 'OTP code verified successfully',
        data: { reset_token: 'r3set' },
      })),
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
    expect(spies.notifySuccess).toHaveBeenLastCalledWith({
      message: 'OTP code sent to your email',
    });
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
    expect(calls.passwordReset).toHaveBeenCalledWith({
      email,
      password: 'a new password',
      password_confirmation: 'a new password',
      reset_token: 'r3set',
    });
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

  it.each([
    ['request', {}, 'requesting'],
    ['request', { email, resetToken: 'r' }, 'requesting'],
    ['code', {}, 'needsEmail'],
    ['code', { email }, 'enteringCode'],
    ['password', {}, 'needsEmail'],
    ['password', { email }, 'needsCode'],
    ['password', { resetToken: 'r' }, 'choosingPassword'],
    ['password', { email, resetToken: 'r' }, 'choosingPassword'],
  ] as const)(
    'opened on the %s page with progress %j, it starts in %s with nothing typed',
    (page, progress, expected) => {
      const { actor } = start({ page, progress, redirectDelay: 1234 });
      expect(actor.getSnapshot().value).toBe(expected);
      expect(actor.getSnapshot().context).toEqual({
        page,
        values: {
          email: 'email' in progress ? progress.email : '',
          otp: '',
          password: '',
          password_confirmation: '',
        },
        resetToken: 'resetToken' in progress ? progress.resetToken : '',
        errors: {},
        messages: [],
        redirectDelay: 1234,
      });
    },
  );

  it("without the view's calls it never claims a success", async () => {
    const actor = createActor(
      passwordResetMachine.provide({ actions: { notifyErrors: () => {} } }),
      {
        input: { page: 'request', progress: {}, redirectDelay: 1 },
      },
    ).start();
    actor.send({ type: 'field.change', name: 'email', value: email });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('requesting');
  });

  it('resumes where the saved progress allows, and says where to start otherwise', () => {
    expect(start({ page: 'code', progress: {}, redirectDelay: 1 }).actor.getSnapshot().value).toBe(
      'needsEmail',
    );
    expect(
      start({ page: 'password', progress: { email }, redirectDelay: 1 }).actor.getSnapshot().value,
    ).toBe('needsCode');
    expect(
      start({
        page: 'password',
        progress: { email, resetToken: 'r' },
        redirectDelay: 1,
      }).actor.getSnapshot().value,
    ).toBe('choosingPassword');
  });
});
