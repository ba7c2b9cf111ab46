/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function PartnerPage() {
  usePageMeta('Join Our Dynamic Team of Packers and Movers');
  return (
    <section className="page">
      <h1>Join Our Dynamic Team of Packers and Movers</h1>
    </section>
  );
}
