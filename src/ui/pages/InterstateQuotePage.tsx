/** Placeholder until issue 5 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function InterstateQuotePage() {
  usePageMeta('Inter-state relocation quote');
  return (
    <section className="page">
      <h1>Inter-state relocation quote</h1>
    </section>
  );
}
