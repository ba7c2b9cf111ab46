/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function TrackPage() {
  usePageMeta('Track a shipment');
  return (
    <section className="page">
      <h1>Track a shipment</h1>
    </section>
  );
}
