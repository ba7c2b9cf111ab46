/**
 * /signup (docs/product.md): every field required, one toggle shows both passwords,
 * 'Passwords do not match' and nothing sent when they differ, 'Signing Up...', then
 * 'Registration Successful' and /email-verification after 3 s with the email remembered.
 */
import { useLocation } from 'react-router-dom';
import { Link } from '../components/Link';
import { accountsApi } from '../../api/lazy';
import { signupMachine } from '../../machines/signupMachine';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { PasswordField, RevealToggle } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFlow } from '../components/useFormFlow';
import { verificationEmail } from '../components/verificationEmail';
import { gateReason, type ReturnState } from '../RequireMember';
import './accounts.css';

const empty = { fullname: '', email: '', phone: '', password: '', password_confirmation: '' };

export default function SignupPage() {
  usePageMeta('Sign Up', 'Create an account to book deliveries and request relocation quotes.');
  // The page the login gate came from travels on through verification and login (issue 35).
  const from = (useLocation().state as ReturnState | null)?.from;
  const { snapshot, send, field, onSubmit, busy } = useFormFlow(signupMachine, {
    values: empty,
    submit: async (request) => {
      await accountsApi.register(request);
      verificationEmail.save(request.email);
    },
    successMessage: () => 'Registration Successful',
    leaveTo: () => ({
      to: '/email-verification',
      options: { state: { from } satisfies ReturnState },
    }),
  });
  const { reveal } = snapshot.context;

  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title">Sign Up</h1>
        {gateReason(from) && (
          <p className="account-notice" role="status">
            {gateReason(from)}
          </p>
        )}
        <p className="lead">We will email you a 6-digit code to verify your address.</p>
        <TextField label="Full Name" autoComplete="name" required {...field('fullname')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          required
          hint="0 and 10 digits, or +234 and 10 digits"
          {...field('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          reveal={reveal}
          hint="At least 8 characters"
          {...field('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          required
          reveal={reveal}
          {...field('password_confirmation')}
        />
        <RevealToggle
          reveal={reveal}
          onToggle={() => send({ type: 'reveal.toggle' })}
          label="Show passwords"
        />
        <SubmitButton busy={busy} busyLabel="Signing Up...">
          Sign Up
        </SubmitButton>
        <p className="account-links">
          <span>
            Already have an account?{' '}
            <Link to="/login" state={{ from } satisfies ReturnState}>
              Log In
            </Link>
          </span>
          <Link to="/email-verification">Verify email</Link>
        </p>
      </form>
    </section>
  );
}
