/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function OfficePage() {
  usePageMeta('Office Move');
  return (
    <section className="page">
      <h1>Office Move</h1>
    </section>
  );
}
