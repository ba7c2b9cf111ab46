/**
 * /resend-otp (docs/product.md): one required email, 'Resend' ('Loading...' while busy); on the
 * exact message 'OTP resent successfully' a success toast and /email-verification after 3 s;
 * any other message is shown as an error toast (the client rejects it).
 */
import { Link } from '../components/Link';
import { accountsApi } from '../../api/lazy';
import { resendOtpMachine } from '../../machines/resendOtpMachine';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFlow } from '../components/useFormFlow';
import { verificationEmail } from '../components/verificationEmail';
import './accounts.css';

export default function ResendOtpPage() {
  usePageMeta('Resend OTP', 'Get a new email verification code.');
  const { field, onSubmit, busy } = useFormFlow(resendOtpMachine, {
    values: { email: verificationEmail.load() },
    submit: async (values) => {
      const email = String(values.email);
      const response = await accountsApi.resendOtp({ email });
      verificationEmail.save(email);
      return response;
    },
    successMessage: (response) => response.message,
    leaveTo: () => '/email-verification',
  });

  return (
    <section className="page narrow">
      <form className="account-card" onSubmit={onSubmit} noValidate aria-labelledby="resend-title">
        <h1 id="resend-title">Resend OTP</h1>
        <p className="lead">
          Enter the email you signed up with and we will send you a new 6-digit code.
        </p>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <SubmitButton busy={busy} busyLabel="Loading...">
          Resend
        </SubmitButton>
        <p className="account-links">
          <Link to="/email-verification">I have a code</Link>
        </p>
      </form>
    </section>
  );
}
