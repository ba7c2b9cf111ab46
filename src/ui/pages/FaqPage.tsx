/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function FaqPage() {
  usePageMeta('Frequently Asked Questions');
  return (
    <section className="page">
      <h1>Frequently Asked Questions</h1>
    </section>
  );
}
