/** Placeholder until issue 5 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function LocalQuotePage() {
  usePageMeta('Local relocation quote');
  return (
    <section className="page">
      <h1>Local relocation quote</h1>
    </section>
  );
}
