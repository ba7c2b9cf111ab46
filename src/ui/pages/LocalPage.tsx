/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function LocalPage() {
  usePageMeta('Local Move');
  return (
    <section className="page">
      <h1>Local Move</h1>
    </section>
  );
}
