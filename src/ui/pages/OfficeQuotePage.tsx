/** Placeholder until issue 5 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function OfficeQuotePage() {
  usePageMeta('Office relocation quote');
  return (
    <section className="page">
      <h1>Office relocation quote</h1>
    </section>
  );
}
