/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function DeactivateAccountPage() {
  usePageMeta('Delete account');
  return (
    <section className="page">
      <h1>Delete account</h1>
    </section>
  );
}
