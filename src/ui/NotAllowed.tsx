/**
 * What a signed-in customer sees on a staff page (the guard is StaffShell), and anyone but a crew
 * member on the crew's jobs (/crew): plainly, whom the page is for. The server checks the role on
 * every staff and crew call too, so a stale stored role only ever shows a page that then says
 * "not allowed".
 */
import { Link } from './components/Link';
import { usePageMeta } from './components/PageMeta';

const audiences = {
  staff: { whom: "the company's staff", given: 'made staff' },
  crew: { whom: "the company's delivery crews", given: 'added to a crew' },
};

export function NotAllowed({ audience = 'staff' }: { audience?: keyof typeof audiences }) {
  usePageMeta('Not allowed');
  const { whom, given } = audiences[audience];
  return (
    <section className="page narrow">
      <h1>Not allowed</h1>
      <p>This page is for {whom}. Your account cannot open it.</p>
      <p>If you were just {given}, log out and log in again.</p>
      <p className="actions">
        <Link className="button" to="/profile">
          Go to your account
        </Link>
        <Link to="/">Home</Link>
      </p>
    </section>
  );
}
