/**
 * /email-verification (SPEC sections 2–5, DESIGN.md): the 6-digit code from the mail while a
 * 300 s countdown runs; at zero the code is shown as expired, Verify is disabled and a new code
 * is offered (sent from here when we know the address). Success: 'Email verified successfully',
 * then /login after 3 s.
 */
import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../components/Link';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { calls } from '../../api/contract';
import { emailVerificationMachine } from '../../machines/emailVerificationMachine';
import { CodeInput } from '../components/CodeInput';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { verificationEmail } from '../components/verificationEmail';
import { inspect } from '../inspector';
import { notifyErrors, notifySuccess } from '../toast';
import './accounts.css';

/** SPEC section 9. */
const CODE_SECONDS = 300;

const clockOf = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export default function EmailVerificationPage() {
  usePageMeta('Email Verification', 'Enter the 6-digit code we emailed you.');
  const navigate = useNavigate();
  const [email] = useState(verificationEmail.load);
  const [logic] = useState(() =>
    emailVerificationMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => api.verifyEmail(input)),
        resendOtp: fromPromise(({ input }) => api.resendOtp(input)),
      },
      actions: {
        notifySuccess: () => notifySuccess('Email verified successfully'),
        notifyResent: () => notifySuccess(calls.resendOtp.success),
        notifyErrors: (_, { messages }) => notifyErrors(messages),
        leave: () => {
          verificationEmail.clear();
          navigate('/login', { state: { email } });
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, {
    input: { email: email || null, seconds: CODE_SECONDS, redirectDelay: 3000 },
    inspect,
  });
  const { code, errors, remaining } = snapshot.context;
  const expired = snapshot.matches({ clock: 'expired' }) || snapshot.matches({ clock: 'resending' });
  const resending = snapshot.hasTag('resending');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };

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
            {email ? (
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
        <SubmitButton busy={snapshot.hasTag('busy')} busyLabel="Verifying..." disabled={!snapshot.can({ type: 'submit' })}>
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
