/**
 * Email verification (docs/product.md): the 6-digit code from the mail, checked
 * before it is sent, while a countdown runs (300 s in the app, shorter in tests). At zero the
 * code is expired: Verify is refused and a new code is offered — sent right here when the
 * address is known, which starts the countdown again. The code is checked against one account
 * only, so the address goes with it: when the page does not know it, the user types it.
 * Success says 'Email verified successfully' and goes to /login after 3 s.
 *
 * Two regions run side by side: the code being entered and verified, and the clock.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { emailOnlyRequest, verifyEmailRequest } from '../api/contract/accounts';
import { digitsOnly, withoutErrorsOf, type Errors } from './formFields';
import {
  failureThen,
  lifecycleActions,
  passes,
  showProblemsOf,
  successThen,
  type Checked,
} from './submitLifecycle';

export interface EmailVerificationInput {
  /** The address the code went to, when known (from sign-up, resend or login); else typed. */
  email: string | null;
  /** Seconds until the code expires (300 in the app: docs/product.md). */
  seconds: number;
  /** Milliseconds between success and leaving (3000). */
  redirectDelay: number;
}

type Request = { verification_token: string; email: string };

interface VerificationContext {
  code: string;
  email: string;
  remaining: number;
  /** The countdown's length, to start again after a new code. */
  seconds: number;
  errors: Errors;
  messages: string[];
  redirectDelay: number;
}

/** What Verify sends, and the contract's rule for it. */
const checked = (context: VerificationContext): Checked => ({
  schema: verifyEmailRequest,
  value: requestOf(context),
});

export const emailVerificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    input: {} as EmailVerificationInput,
    events: {} as
      | { type: 'code.change'; value: string }
      | { type: 'email.change'; value: string }
      | { type: 'submit' }
      | { type: 'code.resend' },
    tags: {} as 'busy' | 'resending',
  },
  actors: {
    verifyEmail: providedByView<unknown, Request>('verifyEmail'),
    resendOtp: providedByView<unknown, { email: string }>('resendOtp'),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: () => {},
    notifyResent: () => {},
    leave: () => {},
  },
  guards: {
    isLive: ({ context }) => context.remaining > 0,
    isValidAndLive: ({ context }) => context.remaining > 0 && passes(checked(context)),
    isLastSecond: ({ context }) => context.remaining <= 1,
    knowsEmail: ({ context }) => emailOnlyRequest.safeParse({ email: context.email }).success,
  },
  delays: {
    second: 1000,
    redirectDelay: ({ context }) => context.redirectDelay,
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({
    code: '',
    email: input.email ?? '',
    remaining: input.seconds,
    seconds: input.seconds,
    errors: {},
    messages: [],
    redirectDelay: input.redirectDelay,
  }),
  type: 'parallel',
  states: {
    code: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            // The only field: typing clears its message (docs/product.md).
            'code.change': {
              actions: assign(({ context, event }) => ({
                code: digitsOnly(event.value),
                errors: withoutErrorsOf(context.errors, 'verification_token'),
              })),
            },
            'email.change': {
              actions: assign(({ context, event }) => ({
                email: event.value,
                errors: withoutErrorsOf(context.errors, 'email'),
              })),
            },
            // An expired code is not sent: Verify is disabled and a new code is offered instead.
            submit: [
              { guard: 'isValidAndLive', target: 'verifying' },
              { guard: 'isLive', actions: showProblemsOf(checked) },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyEmail',
            src: 'verifyEmail',
            input: ({ context }) => requestOf(context),
            // A verified code no longer expires: the clock stops with it.
            onDone: {
              target: ['verified', '#emailVerification.clock.stopped'],
              actions: ['clearFeedback', 'notifySuccess'],
            },
            onError: failureThen('editing'),
          },
        },
        verified: successThen('done', 'leave' as const),
        done: { type: 'final' },
      },
    },
    clock: {
      initial: 'running',
      states: {
        running: {
          after: {
            second: [
              { guard: 'isLastSecond', target: 'expired', actions: assign({ remaining: 0 }) },
              {
                target: 'running',
                reenter: true,
                actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
              },
            ],
          },
        },
        expired: {
          // Without the address the page links to /resend-otp instead.
          on: { 'code.resend': { guard: 'knowsEmail', target: 'resending' } },
        },
        resending: {
          tags: ['resending'],
          invoke: {
            id: 'resendOtp',
            src: 'resendOtp',
            input: ({ context }) => ({ email: context.email }),
            onDone: {
              target: 'running',
              actions: [
                assign(({ context }) => ({
                  remaining: context.seconds,
                  code: '',
                  errors: {},
                  messages: [],
                })),
                'notifyResent',
              ],
            },
            onError: failureThen('expired'),
          },
        },
        stopped: {},
      },
    },
  },
});

const requestOf = (context: { code: string; email: string }): Request => ({
  verification_token: context.code,
  email: context.email,
});
