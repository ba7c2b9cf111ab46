/**
 * The staff pages' guard: a visitor goes to /login and comes back (RequireMember); a signed-in
 * customer is told plainly that the page is for staff. The server checks the role on every
 * staff call too, so a stale stored role only ever shows a page that then says "not allowed".
 */
import type { ReactNode } from 'react';
import { Link } from './components/Link';
import { usePageMeta } from './components/PageMeta';
import { RequireMember } from './RequireMember';
import { Session } from './session';

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

function StaffOnly({ children }: { children: ReactNode }) {
  const isStaff = Session.useSelector((snapshot) => snapshot.context.session?.role === 'staff');
  return isStaff ? children : <NotAllowed />;
}

export function RequireStaff({ children }: { children: ReactNode }) {
  return (
    <RequireMember>
      <StaffOnly>{children}</StaffOnly>
    </RequireMember>
  );
}
