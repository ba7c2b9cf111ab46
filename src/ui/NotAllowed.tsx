/**
 * What a signed-in customer sees on a staff page (the guard is StaffShell), and anyone but a crew
 * member on the crew's jobs (/crew): plainly, whom the page is for. The server checks the role on
 * every staff and crew call too, so a stale stored role only ever shows a page that then says
 * "not allowed".
 */
import { Link } from './components/Link';
import { usePageMeta } from './components/PageMeta';

/** `whom` the page is for, and what makes an account one of them (a crew's page passes its own). */
export function NotAllowed({ whom = "the company's staff", given = 'made staff' }) {
  usePageMeta('Not allowed');
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
