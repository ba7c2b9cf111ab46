/** Placeholder until issue 6 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ScheduleDeliveryPage() {
  usePageMeta('Schedule a Delivery');
  return (
    <section className="page">
      <h1>Schedule a Delivery</h1>
    </section>
  );
}
