/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ResendOtpPage() {
  usePageMeta('Resend code');
  return (
    <section className="page">
      <h1>Resend code</h1>
    </section>
  );
}
