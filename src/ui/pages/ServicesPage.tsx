/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ServicesPage() {
  usePageMeta('Our Services');
  return (
    <section className="page">
      <h1>Our Services</h1>
    </section>
  );
}
