/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function HomePage() {
  usePageMeta('Relocation and package delivery in Nigeria');
  return (
    <section className="page">
      <h1>We don&apos;t just move boxes, we move memories, lives and dreams.</h1>
    </section>
  );
}
