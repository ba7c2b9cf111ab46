/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function PackageDetailsPage() {
  usePageMeta('Package details');
  return (
    <section className="page">
      <h1>Package details</h1>
    </section>
  );
}
