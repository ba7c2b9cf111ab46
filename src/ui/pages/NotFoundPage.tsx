/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <section className="page">
      <h1>Page not found</h1>
    </section>
  );
}
