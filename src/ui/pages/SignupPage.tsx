/** Placeholder until issue 4 lands. */
import { usePageMeta } from '../components/PageMeta';

export default function SignupPage() {
  usePageMeta('Sign up');
  return (
    <section className="page">
      <h1>Sign up</h1>
    </section>
  );
}
