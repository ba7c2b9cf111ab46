/**
 * What a signed-in customer sees on a staff page (the guard is StaffShell): plainly, that the
 * page is for staff. The server checks the role on every staff call too, so a stale stored role
 * only ever shows a page that then says "not allowed".
 */
import { Link } from './components/Link';
import { usePageMeta } from './components/PageMeta';

export function NotAllowed() {
  usePageMeta('Not allowed');
  return (
    <section className="page narrow">
      <h1>Not allowed</h1>
      <p>This page is for the company&apos;s staff. Your account cannot open it.</p>
      <p>If you were just made staff, log out and log in again.</p>
      <p className="actions">
        <Link className="button" to="/profile">
          Go to your account
        </Link>
        <Link to="/">Home</Link>
      </p>
    </section>
  );
}
