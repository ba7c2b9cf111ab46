/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ProfilePage() {
  usePageMeta('Account');
  return (
    <section className="page">
      <h1>Account</h1>
    </section>
  );
}
