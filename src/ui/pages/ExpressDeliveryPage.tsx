/** Placeholder until issue 6 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ExpressDeliveryPage() {
  usePageMeta('Deliver Now');
  return (
    <section className="page">
      <h1>Deliver Now</h1>
    </section>
  );
}
