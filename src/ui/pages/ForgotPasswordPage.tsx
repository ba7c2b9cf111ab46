/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ForgotPasswordPage() {
  usePageMeta('Reset Password');
  return (
    <section className="page">
      <h1>Reset Password</h1>
    </section>
  );
}
