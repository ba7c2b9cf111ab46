/** Placeholder until issue 8 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function MoverApplicationPage() {
  usePageMeta('Move for Us');
  return (
    <section className="page">
      <h1>Move for Us</h1>
    </section>
  );
}
