/**
 * The account pages' frame (docs/product.md): the side menu Profile (/profile-update),
 * Account (/profile) and Log Out beside the page's content. Log Out asks the Session actor,
 * which calls the API, forgets the stored session and goes home.
 */
import type { ReactNode } from 'react';
import { NavLink } from '../components/Link';
import { Session } from '../session';
import './account.css';

function AccountMenu() {
  const session = Session.useActorRef();
  const loggingOut = Session.useSelector((snapshot) => snapshot.hasTag('busy'));
  return (
    <nav className="account-menu" aria-label="Account menu">
      <ul>
        <li>
          <NavLink to="/profile-update" end>
            Profile
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile" end>
            Account
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className="account-logout"
            disabled={loggingOut}
            aria-busy={loggingOut || undefined}
            onClick={() => session.send({ type: 'session.logout' })}
          >
            {loggingOut ? 'Logging out...' : 'Log Out'}
          </button>
        </li>
      </ul>
    </nav>
  );
}

export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page account-page">
      <h1>{title}</h1>
      <div className="account-layout">
        <AccountMenu />
        <div className="account-content">{children}</div>
      </div>
    </section>
  );
}
