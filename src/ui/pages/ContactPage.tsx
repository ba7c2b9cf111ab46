/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ContactPage() {
  usePageMeta('Contact');
  return (
    <section className="page">
      <h1>Contact</h1>
    </section>
  );
}
