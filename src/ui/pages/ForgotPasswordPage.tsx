/** /forgot-password (docs/product.md): the 'Reset Password' form taking an email; then /otp-verification. */
import { Link } from '../components/Link';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { usePasswordResetFlow } from '../components/usePasswordResetFlow';
import './accounts.css';

export default function ForgotPasswordPage() {
  usePageMeta('Reset Password', 'Forgot your password? Get a code by email to set a new one.');
  const { field, onSubmit, busy } = usePasswordResetFlow('request');
  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset Password</h1>
        <p className="lead">Enter the email of your account and we will send you a 6-digit code.</p>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <SubmitButton busy={busy} busyLabel="Loading...">
          Send Code
        </SubmitButton>
        <p className="account-links">
          <Link to="/login">Back to Log In</Link>
        </p>
      </form>
    </section>
  );
}
