/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function StorePage() {
  usePageMeta('Deliver a Package');
  return (
    <section className="page">
      <h1>Deliver a Package</h1>
    </section>
  );
}
