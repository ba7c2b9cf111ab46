/** /otp-verification (docs/product.md): the 6-digit code of the reset mail; then /reset-password. */
import { Link } from '../components/Link';
import { CodeInput } from '../components/CodeInput';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { usePasswordResetFlow } from '../components/usePasswordResetFlow';
import { StartResetFirst } from '../components/ResetNotice';
import './accounts.css';

export default function OtpVerificationPage() {
  usePageMeta('OTP Verification', 'Enter the 6-digit code we emailed you to reset your password.');
  const { snapshot, field, onSubmit, busy } = usePasswordResetFlow('code');
  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="otp-title">
        <h1 id="otp-title">OTP Verification</h1>
        {snapshot.matches('needsEmail') ? (
          <StartResetFirst />
        ) : (
          <>
            <p className="lead">
              Enter the 6-digit code we sent to <strong>{snapshot.context.values.email}</strong>.
            </p>
            <CodeInput label="OTP code" {...field('otp')} />
            <SubmitButton busy={busy} busyLabel="Verifying...">
              Verify
            </SubmitButton>
            <p className="account-links">
              <span>
                No code? <Link to="/forgot-password">Send a new code</Link>
              </span>
            </p>
          </>
        )}
      </form>
    </section>
  );
}
