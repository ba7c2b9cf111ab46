/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function EmailVerificationPage() {
  usePageMeta('Verify your email');
  return (
    <section className="page">
      <h1>Verify your email</h1>
    </section>
  );
}
