/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function DeliveryPage() {
  usePageMeta('Delivery Services');
  return (
    <section className="page">
      <h1>Delivery Services</h1>
    </section>
  );
}
