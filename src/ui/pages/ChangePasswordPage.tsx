/** Placeholder until issue 7 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function ChangePasswordPage() {
  usePageMeta('Change password');
  return (
    <section className="page">
      <h1>Change password</h1>
    </section>
  );
}
