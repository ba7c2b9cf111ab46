/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function LoginPage() {
  usePageMeta('Log In');
  return (
    <section className="page">
      <h1>Log In</h1>
    </section>
  );
}
