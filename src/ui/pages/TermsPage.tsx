/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function TermsPage() {
  usePageMeta('Terms and Conditions');
  return (
    <section className="page">
      <h1>Terms and Conditions</h1>
    </section>
  );
}
