/**
 * The forgotten-password chain (docs/product.md), one flow over three pages:
 * /forgot-password asks for a code by email ('OTP code sent to your email'), /otp-verification
 * checks the 6-digit code ('OTP code verified successfully', answering the reset token),
 * /reset-password sets the new password ('Password reset successful'), then /login; each
 * success waits 3 s before the next page.
 *
 * Every page runs this machine from its own step (`input.page`) with the progress kept so far
 * (`input.progress`, saved by `saveProgress`), so a reload or a page opened directly resumes,
 * or says what to do first when the flow has not got that far.
 */
import { assign, assertEvent, setup } from 'xstate';
import { providedByView } from './providedByView';
import { emailOnlyRequest, passwordResetRequest, verifyOtpRequest } from '../api/contract/accounts';
import { digitsOnly, edited, type Errors } from './formFields';
import {
  checkThen,
  failureThen,
  lifecycleActions,
  lifecycleGuards,
  successThen,
} from './submitLifecycle';

export type ResetPage = 'request' | 'code' | 'password';

export interface ResetProgress {
  email?: string;
  /** Answered by verify-otp; passwordReset requires it (docs/product.md). */
  resetToken?: string;
}

export interface PasswordResetInput {
  page: ResetPage;
  progress: ResetProgress;
  /** docs/product.md: 3000 ms after each success. */
  redirectDelay: number;
}

interface Values {
  email: string;
  otp: string;
  password: string;
  password_confirmation: string;
  [name: string]: string;
}

type Message = { message: string };

const requestOf = (values: Values) => ({ email: values.email });
const codeOf = (values: Values) => ({ otp: values.otp, email: values.email });
const resetOf = (values: Values, resetToken: string) => ({
  email: values.email,
  password: values.password,
  password_confirmation: values.password_confirmation,
  reset_token: resetToken,
});

interface ResetContext {
  page: ResetPage;
  values: Values;
  resetToken: string;
  errors: Errors;
  messages: string[];
  redirectDelay: number;
}

/** Each page's leaving, once its success has shown for `redirectDelay`. */
const goTo = (page: ResetPage | 'login') => ({
  type: 'goTo' as const,
  params: ({ context }: { context: ResetContext }) => ({ page, email: context.values.email }),
});

export const passwordResetMachine = setup({
  types: {
    context: {} as ResetContext,
    input: {} as PasswordResetInput,
    events: {} as { type: 'field.change'; name: string; value: string } | { type: 'submit' },
    tags: {} as 'busy',
  },
  actors: {
    forgetPassword: providedByView<Message, ReturnType<typeof requestOf>>('forgetPassword'),
    verifyOtp: providedByView<
      Message & { data: { reset_token: string } },
      ReturnType<typeof codeOf>
    >('verifyOtp'),
    passwordReset: providedByView<Message, ReturnType<typeof resetOf>>('passwordReset'),
  },
  actions: {
    ...lifecycleActions,
    edit: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      // docs/product.md: the code input accepts digits only.
      const value = event.name === 'otp' ? digitsOnly(event.value) : event.value;
      return edited(context.values, context.errors, event.name, value);
    }),
    saveProgress: (_, _params: ResetProgress) => {},
    clearProgress: () => {},
    notifySuccess: (_, _params: { message: string }) => {},
    goTo: (_, _params: { page: ResetPage | 'login'; email: string }) => {},
  },
  guards: {
    ...lifecycleGuards,
    onRequestPage: ({ context }) => context.page === 'request',
    onCodePageWithEmail: ({ context }) => context.page === 'code' && context.values.email !== '',
    onPasswordPageWithToken: ({ context }) =>
      context.page === 'password' && context.resetToken !== '',
    onPasswordPageWithEmail: ({ context }) =>
      context.page === 'password' && context.values.email !== '',
  },
  delays: {
    redirectDelay: ({ context }) => context.redirectDelay,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    page: input.page,
    values: { email: input.progress.email ?? '', otp: '', password: '', password_confirmation: '' },
    resetToken: input.progress.resetToken ?? '',
    errors: {},
    messages: [],
    redirectDelay: input.redirectDelay,
  }),
  initial: 'resuming',
  states: {
    resuming: {
      always: [
        { guard: 'onRequestPage', target: 'requesting' },
        { guard: 'onCodePageWithEmail', target: 'enteringCode' },
        { guard: 'onPasswordPageWithToken', target: 'choosingPassword' },
        { guard: 'onPasswordPageWithEmail', target: 'needsCode' },
        { target: 'needsEmail' },
      ],
    },
    // Opened mid-way without the earlier steps done in this tab: the page says where to start.
    needsEmail: {},
    needsCode: {},

    requesting: {
      on: {
        'field.change': { actions: 'edit' },
        submit: checkThen(
          'sendingCode',
          (context: ResetContext) => ({
            schema: emailOnlyRequest,
            value: requestOf(context.values),
          }),
          'emailIsValid',
        ),
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'forgetPassword',
        src: 'forgetPassword',
        input: ({ context }) => requestOf(context.values),
        onDone: {
          target: 'codeSent',
          actions: [
            { type: 'saveProgress', params: ({ context }) => ({ email: context.values.email }) },
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: failureThen('requesting'),
      },
    },
    codeSent: successThen('enteringCode', goTo('code')),

    enteringCode: {
      on: {
        'field.change': { actions: 'edit' },
        submit: checkThen(
          'verifyingCode',
          (context: ResetContext) => ({ schema: verifyOtpRequest, value: codeOf(context.values) }),
          'codeIsValid',
        ),
      },
    },
    verifyingCode: {
      tags: ['busy'],
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => codeOf(context.values),
        onDone: {
          target: 'codeVerified',
          actions: [
            assign({ resetToken: ({ event }) => event.output.data.reset_token }),
            {
              type: 'saveProgress',
              params: ({ context }) => ({
                email: context.values.email,
                resetToken: context.resetToken,
              }),
            },
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: failureThen('enteringCode'),
      },
    },
    codeVerified: successThen('choosingPassword', goTo('password')),

    choosingPassword: {
      on: {
        'field.change': { actions: 'edit' },
        submit: checkThen(
          'resetting',
          (context: ResetContext) => ({
            schema: passwordResetRequest,
            value: resetOf(context.values, context.resetToken),
          }),
          'passwordsAreValid',
        ),
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'passwordReset',
        src: 'passwordReset',
        input: ({ context }) => resetOf(context.values, context.resetToken),
        onDone: {
          target: 'passwordChanged',
          actions: [
            'clearProgress',
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: failureThen('choosingPassword'),
      },
    },
    passwordChanged: successThen('done', goTo('login')),
    done: { type: 'final' },
  },
});
