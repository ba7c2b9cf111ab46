/**
 * /login (docs/product.md): email, password with show/hide, 'Logging in...', then back to
 * the page the guard came from (else home) after 2 s. An unverified account is offered the
 * verification page. Runs src/machines/loginMachine.ts with the real call, session and toasts.
 */
import { useLocation } from 'react-router-dom';
import { Link } from '../components/Link';
import { fromPromise } from 'xstate';
import { accountsApi } from '../../api/lazy';
import { loginMachine } from '../../machines/loginMachine';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { PasswordField, RevealToggle } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { formOf, useFlow } from '../components/useFlow';
import { verificationEmail } from '../components/verificationEmail';
import { gateReason, type ReturnState } from '../RequireMember';
import { Session } from '../session';
import { notifySuccess } from '../toast';
import './accounts.css';

/**
 * Router state of /login: the guard's `from`, or the email of a finished reset or of a password
 * change (which logged every device out, this one too).
 */
export type LoginState = (ReturnState & { email?: string; passwordChanged?: boolean }) | null;

export default function LoginPage() {
  usePageMeta('Log In', 'Log in to book deliveries, request quotes and manage your account.');
  const session = Session.useActorRef();
  const state = useLocation().state as LoginState;
  const flow = useFlow<typeof loginMachine>(
    loginMachine,
    ({ navigate }) => ({
      actors: { login: fromPromise(({ input }) => accountsApi.login(input)) },
      actions: {
        startSession: (_, params) =>
          session.send({ type: 'session.login', session: params.session }),
        notifySuccess: () => notifySuccess('Login Successful'),
        rememberEmailToVerify: (_, { email }) => verificationEmail.save(email),
        leave: (_, { to }) => navigate(to, { replace: true }),
      },
    }),
    {
      returnTo: state?.from ? `${state.from.pathname}${state.from.search}` : null,
      redirectDelay: 2000,
      email: state?.email,
    },
  );
  const { snapshot, send, busy } = flow;
  const { field, onSubmit } = formOf(flow);
  const { reveal } = snapshot.context;

  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        {gateReason(state?.from) && (
          <p className="account-notice" role="status">
            {gateReason(state?.from)}
          </p>
        )}
        {state?.passwordChanged && (
          <p className="account-notice" role="status">
            Your password has changed and every device was logged out. Please log in with your new
            password.
          </p>
        )}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          reveal={reveal}
          {...field('password')}
        />
        <RevealToggle reveal={reveal} onToggle={() => send({ type: 'reveal.toggle' })} />
        {snapshot.matches({ editing: 'unverified' }) && (
          <p className="account-notice account-notice-error" role="alert">
            {snapshot.context.messages[0]} <Link to="/email-verification">Verify your email</Link>
          </p>
        )}
        <SubmitButton busy={busy} busyLabel="Logging in...">
          Log In
        </SubmitButton>
        <p className="account-links">
          <Link to="/forgot-password">Forgot Password</Link>
          <span>
            {/* Signing up, then verifying, still comes back to the guarded page. */}
            New here?{' '}
            <Link to="/signup" state={{ from: state?.from } satisfies ReturnState}>
              Sign up
            </Link>
          </span>
        </p>
      </form>
    </section>
  );
}
