/** The shared header. Issue 8 adds the dropdowns, the mobile menu and the TRACKER rule. */
import { Link, NavLink } from 'react-router-dom';
import { company } from '../../content/company';
import { hasProfileImage } from '../../api/storage';
import { Session } from '../session';

export function Header() {
  const session = Session.useSelector((snapshot) => snapshot.context.session);
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        {company.name}
      </Link>
      <nav aria-label="Main">
        <ul className="nav-list">
          <li><NavLink to="/">HOME</NavLink></li>
          <li><NavLink to="/about">ABOUT US</NavLink></li>
          <li><NavLink to="/services">SERVICES</NavLink></li>
          <li><NavLink to="/partner">PARTNER</NavLink></li>
        </ul>
      </nav>
      {session ? (
        <Link to="/profile" className="avatar" aria-label="Your account">
          {hasProfileImage(session.profileImage) ? (
            <img src={session.profileImage} alt="" width={36} height={36} />
          ) : (
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="currentColor" />
              <path d="M4 21a8 8 0 0 1 16 0" fill="currentColor" />
            </svg>
          )}
        </Link>
      ) : (
        <div className="auth-links">
          <Link to="/login">Log In</Link>
          <Link to="/signup" className="button button-small">Sign up</Link>
        </div>
      )}
    </header>
  );
}
