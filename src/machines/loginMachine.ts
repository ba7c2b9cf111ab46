/**
 * Login (docs/product.md): email and password, a show/hide toggle, one call at a time,
 * 'Login Successful', then after 2 s back where the guard came from (else home). An account
 * whose email is not verified yet (403) is told so and offered the verification page.
 * Side effects are provided by the view: `login` (the call), `startSession`, the toasts, `leave`.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { loginRequest } from '../api/contract/accounts';
import type { LoginRequest, LoginResponse } from '../api/contract';
import { isApiError } from '../api/errors';
import type { StoredSession } from '../api/session';
import { edited, type Errors } from './formFields';
import {
  checkThen,
  failureThen,
  lifecycleActions,
  lifecycleGuards,
  showFeedbackOfError,
  successThen,
  toastMessages,
} from './submitLifecycle';

export interface LoginInput {
  /** The page to go back to (the guard's `from`); null when none: the home of the account's role. */
  returnTo: string | null;
  /** docs/product.md: 2000 ms. */
  redirectDelay: number;
  /** Prefilled, e.g. after a password reset. */
  email?: string;
}

/** Where a login with no page to go back to lands: a crew member on the day's jobs, anyone else home. */
export const landingOf = (role: LoginResponse['data']['role']) => (role === 'crew' ? '/crew' : '/');

/** What docs/product.md keeps in browser storage after a login. */
export const sessionOf = (response: LoginResponse): StoredSession => ({
  token: response.token,
  id: String(response.data.id),
  profileImage: response.data.profile_image ?? '',
  email: response.data.email,
  role: response.data.role,
});

interface LoginContext {
  values: LoginRequest;
  errors: Errors;
  messages: string[];
  reveal: boolean;
  /** Null until the login answers when no page was given. */
  returnTo: string | null;
  redirectDelay: number;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    input: {} as LoginInput,
    events: {} as
      | { type: 'field.change'; name: keyof LoginRequest; value: string }
      | { type: 'reveal.toggle' }
      | { type: 'submit' },
    tags: {} as 'busy',
  },
  actors: {
    login: providedByView<LoginResponse, LoginRequest>('login'),
  },
  actions: {
    ...lifecycleActions,
    startSession: (_, _params: { session: StoredSession }) => {},
    notifySuccess: () => {},
    /** So the verification page and its resend know the address. */
    rememberEmailToVerify: (_, _params: { email: string }) => {},
    leave: (_, _params: { to: string }) => {},
  },
  guards: {
    ...lifecycleGuards,
    // The failure event of the call: 403 means the account's email is not verified yet (docs/product.md).
    isUnverified: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isApiError(error) && error.status === 403;
    },
  },
  delays: {
    redirectDelay: ({ context }) => context.redirectDelay,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    values: { email: input.email ?? '', password: '' },
    errors: {},
    messages: [],
    reveal: false,
    returnTo: input.returnTo,
    redirectDelay: input.redirectDelay,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        // The server knows the account but its email is not verified yet: say so, offer the page.
        unverified: {},
      },
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            edited(context.values, context.errors, event.name, event.value),
          ),
        },
        'reveal.toggle': { actions: assign({ reveal: ({ context }) => !context.reveal }) },
        submit: checkThen('submitting', (context: LoginContext) => ({
          schema: loginRequest,
          value: context.values,
        })),
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.values,
        onDone: {
          target: 'succeeded',
          actions: [
            'clearFeedback',
            assign({
              returnTo: ({ context, event }) =>
                context.returnTo ?? landingOf(event.output.data.role),
            }),
            { type: 'startSession', params: ({ event }) => ({ session: sessionOf(event.output) }) },
            'notifySuccess',
          ],
        },
        onError: [
          {
            guard: 'isUnverified',
            target: 'editing.unverified',
            actions: [
              showFeedbackOfError,
              {
                type: 'rememberEmailToVerify',
                params: ({ context }) => ({ email: context.values.email }),
              },
              toastMessages,
            ],
          },
          failureThen('editing.ready'),
        ],
      },
    },
    // docs/product.md: the button stays busy until the redirect.
    succeeded: successThen('done', {
      type: 'leave' as const,
      params: ({ context }: { context: LoginContext }) => ({ to: context.returnTo ?? '/' }),
    }),
    done: { type: 'final' },
  },
});
