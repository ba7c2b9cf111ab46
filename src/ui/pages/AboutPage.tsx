/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function AboutPage() {
  usePageMeta('About Us');
  return (
    <section className="page">
      <h1>About Us</h1>
    </section>
  );
}
