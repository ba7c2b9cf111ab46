/**
 * /email-verification (docs/product.md): the 6-digit code from the mail while a
 * 300 s countdown runs; at zero the code is shown as expired, Verify is disabled and a new code
 * is offered (sent from here when we know the address). A code is checked against one account
 * only: when this tab does not know the address (sign-up happened elsewhere), an Email field asks
 * for it. Success: 'Email verified successfully', then /login after 3 s.
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../components/Link';
import { fromPromise } from 'xstate';
import { accountsApi } from '../../api/lazy';
import { accountCalls } from '../../api/contract/accounts';
import { emailVerificationMachine } from '../../machines/emailVerificationMachine';
import { CodeInput } from '../components/CodeInput';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { submitOf, useFlow } from '../components/useFlow';
import { verificationEmail } from '../components/verificationEmail';
import { notifySuccess } from '../toast';
import type { LoginState } from './LoginPage';
import type { ReturnState } from '../RequireMember';
import './accounts.css';

/** docs/product.md. */
const CODE_SECONDS = 300;

const clockOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export default function EmailVerificationPage() {
  usePageMeta('Email Verification', 'Enter the 6-digit code we emailed you.');
  const [email] = useState(verificationEmail.load);
  // Where sign-up's login gate came from: /login takes the customer back there (issue 35).
  const from = (useLocation().state as ReturnState | null)?.from;
  const { snapshot, send, busy } = useFlow<typeof emailVerificationMachine>(
    emailVerificationMachine,
    ({ navigate }) => ({
      actors: {
        verifyEmail: fromPromise(({ input }) => accountsApi.verifyEmail(input)),
        resendOtp: fromPromise(({ input }) => accountsApi.resendOtp(input)),
      },
      actions: {
        notifySuccess: () => notifySuccess(accountCalls.verifyEmail.success),
        notifyResent: () => notifySuccess(accountCalls.resendOtp.success),
        leave: ({ context }) => {
          verificationEmail.clear();
          navigate('/login', { state: { email: context.email, from } satisfies LoginState });
        },
      },
    }),
    { email: email || null, seconds: CODE_SECONDS, redirectDelay: 3000 },
  );
  const onSubmit = submitOf(send);
  const { code, email: typedEmail, errors, remaining } = snapshot.context;
  const expired =
    snapshot.matches({ clock: 'expired' }) || snapshot.matches({ clock: 'resending' });
  const resending = snapshot.hasTag('resending');

  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="verify-title">
        <h1 id="verify-title">Email Verification</h1>
        <p className="lead">
          {email ? (
            <>
              Enter the 6-digit code we sent to <strong>{email}</strong>.
            </>
          ) : (
            'Enter the 6-digit code we sent to your email.'
          )}
        </p>
        {!email && (
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={typedEmail}
            errors={errors.email}
            onChange={(event) => send({ type: 'email.change', value: event.target.value })}
          />
        )}
        <CodeInput
          label="Verification code"
          name="verification_token"
          value={code}
          errors={errors.verification_token}
          disabled={expired}
          onChange={(event) => send({ type: 'code.change', value: event.target.value })}
        />
        {expired ? (
          <div className="account-notice account-notice-error" role="alert">
            <p>This code has expired.</p>
            {snapshot.can({ type: 'code.resend' }) || resending ? (
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={resending}
                aria-busy={resending || undefined}
                onClick={() => send({ type: 'code.resend' })}
              >
                {resending ? 'Sending...' : 'Send me a new code'}
              </button>
            ) : (
              <Link to="/resend-otp">Send me a new code</Link>
            )}
          </div>
        ) : (
          snapshot.matches({ clock: 'running' }) && (
            // A timer is not announced every second; its label says what it counts down to.
            <p className="countdown" role="timer" aria-label="Time left before the code expires">
              Code expires in <time dateTime={`PT${remaining}S`}>{clockOf(remaining)}</time>
            </p>
          )
        )}
        <SubmitButton
          busy={busy}
          busyLabel="Verifying..."
          disabled={!snapshot.can({ type: 'submit' })}
        >
          Verify
        </SubmitButton>
        <p className="account-links">
          <span>
            Didn't get it? <Link to="/resend-otp">Resend OTP</Link>
          </span>
          <Link to="/login">Log In</Link>
        </p>
      </form>
    </section>
  );
}
