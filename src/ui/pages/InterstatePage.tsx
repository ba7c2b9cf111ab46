/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function InterstatePage() {
  usePageMeta('Inter-state Move');
  return (
    <section className="page">
      <h1>Inter-state Move</h1>
    </section>
  );
}
