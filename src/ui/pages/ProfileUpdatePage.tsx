/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ProfileUpdatePage() {
  usePageMeta('Profile');
  return (
    <section className="page">
      <h1>Profile</h1>
    </section>
  );
}
