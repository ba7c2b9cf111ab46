/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function OtpVerificationPage() {
  usePageMeta('Enter your code');
  return (
    <section className="page">
      <h1>Enter your code</h1>
    </section>
  );
}
