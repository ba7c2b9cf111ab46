/**
 * The staff workspace's own frame (/staff/*): a compact top bar with its sections, the signed-in
 * staff member's name and Log out, then the page; no public header, footer, newsletter or
 * WhatsApp bubble, so nothing covers the queue. A visitor goes to /login first (RequireMember);
 * a signed-in customer sees "Not allowed" in the public frame, without the workspace's menu.
 * Every staff route of routes.tsx renders inside it (routesInFrames.tsx).
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import { staffShellMachine } from '../../machines/staffShellMachine';
import { NavLink } from '../components/Link';
import { useFlow } from '../components/useFlow';
import { PageLoading } from '../layout/PageLoading';
import { ScrollToTop } from '../layout/ScrollToTop';
import { RequireMember } from '../RequireMember';
import { NotAllowed } from '../NotAllowed';
import { Session } from '../session';
import { Toasts } from '../toast';
import './staff.css';
import { lazyPart } from '../components/lazyPart';

// Only a customer who opens a staff page sees the public frame: the workspace never loads it.
const PublicFrame = lazyPart(
  () => import('../layout/Layout').then(({ PublicFrame }) => PublicFrame),
  'This page',
);

/** The workspace's sections, in the top bar's order. */
export const staffSections = [
  { to: '/staff', label: 'Overview', end: true },
  { to: '/staff/orders', label: 'Orders', end: false },
  { to: '/staff/dispatch', label: 'Dispatch', end: false },
  { to: '/staff/crews', label: 'Crews', end: false },
  { to: '/staff/applications', label: 'Applications', end: false },
  { to: '/staff/subscribers', label: 'Subscribers', end: false },
  { to: '/staff/prices', label: 'Prices', end: false },
] as const;

function StaffMember() {
  const session = Session.useActorRef();
  const email = Session.useSelector((snapshot) => snapshot.context.session?.email ?? '');
  const { snapshot } = useFlow<typeof staffShellMachine>(staffShellMachine, () => ({
    actors: {
      loadName: fromPromise(async () => (await profileApi.profile(undefined)).data.fullname),
    },
  }));
  return (
    <div className="staff-member">
      <span className="staff-member-name" aria-busy={snapshot.hasTag('busy') || undefined}>
        <span className="visually-hidden">Signed in as </span>
        {snapshot.context.name ?? email}
      </span>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => session.send({ type: 'session.logout' })}
      >
        Log out
      </button>
    </div>
  );
}

function Workspace() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <header className="staff-bar">
        <NavLink className="staff-brand" to="/staff" end>
          Staff workspace
        </NavLink>
        <nav className="staff-menu" aria-label="Staff workspace">
          <ul>
            {staffSections.map(({ to, label, end }) => (
              <li key={to}>
                <NavLink to={to} end={end}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <StaffMember />
      </header>
      <main id="main" className="staff-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Toasts />
    </>
  );
}

function StaffOrNotAllowed() {
  const isStaff = Session.useSelector((snapshot) => snapshot.context.session?.role === 'staff');
  if (isStaff) return <Workspace />;
  return (
    <PublicFrame>
      <NotAllowed />
    </PublicFrame>
  );
}

export function StaffShell() {
  return (
    <RequireMember>
      <StaffOrNotAllowed />
    </RequireMember>
  );
}
