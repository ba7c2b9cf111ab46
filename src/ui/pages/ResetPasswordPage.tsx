/**
 * /reset-password (docs/product.md): email, new password and its confirmation, 'Verify' /
 * 'Verifying...'; 'Password reset successful', then /login after 3 s.
 */
import { Link } from '../components/Link';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { usePasswordResetFlow } from '../components/usePasswordResetFlow';
import { EnterCodeFirst, StartResetFirst } from '../components/ResetNotice';
import './accounts.css';

export default function ResetPasswordPage() {
  usePageMeta('Create New Password', 'Choose a new password for your account.');
  const { snapshot, field, onSubmit, busy } = usePasswordResetFlow('password');
  const { errors, values } = snapshot.context;
  const body = snapshot.matches('needsEmail') ? (
    <StartResetFirst />
  ) : snapshot.matches('needsCode') ? (
    <EnterCodeFirst email={values.email} />
  ) : (
    <>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        {...field('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...field('password_confirmation')}
      />
      {errors.reset_token && (
        <p className="account-notice account-notice-error" role="alert">
          {errors.reset_token[0]} <Link to="/forgot-password">Send me a new code</Link>
        </p>
      )}
      <SubmitButton busy={busy} busyLabel="Verifying...">
        Verify
      </SubmitButton>
    </>
  );
  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Create New Password</h1>
        {body}
      </form>
    </section>
  );
}
