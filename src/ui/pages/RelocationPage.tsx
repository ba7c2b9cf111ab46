/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function RelocationPage() {
  usePageMeta('Relocation Services');
  return (
    <section className="page">
      <h1>Relocation Services</h1>
    </section>
  );
}
