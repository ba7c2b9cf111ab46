/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function PackerApplicationPage() {
  usePageMeta('Become a Packer');
  return (
    <section className="page">
      <h1>Become a Packer</h1>
    </section>
  );
}
