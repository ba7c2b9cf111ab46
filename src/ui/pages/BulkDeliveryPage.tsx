/** Placeholder until issue 6 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function BulkDeliveryPage() {
  usePageMeta('Bulk Delivery');
  return (
    <section className="page">
      <h1>Bulk Delivery</h1>
    </section>
  );
}
