/** Placeholder until issue 5 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function GetQuotePage() {
  usePageMeta('Get A Quote');
  return (
    <section className="page">
      <h1>Get A Quote</h1>
    </section>
  );
}
