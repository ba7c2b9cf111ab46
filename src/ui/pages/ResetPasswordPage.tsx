/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ResetPasswordPage() {
  usePageMeta('Choose a new password');
  return (
    <section className="page">
      <h1>Choose a new password</h1>
    </section>
  );
}
