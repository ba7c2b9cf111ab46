/**
 * The shared header (docs/product.md): HOME, ABOUT US, the SERVICES and PARTNER dropdowns,
 * TRACKER on the service, quote and track paths, and Log In / Sign up or the avatar. At 768 px
 * and below the links fold into a menu panel. Open and closed live in menuMachine.
 */
import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '../components/Link';
import { useMachine } from '@xstate/react';
import { company } from '../../content/company';
import {
  aboutLink,
  dropdowns,
  homeLink,
  showsTracker,
  trackerLink,
  type NavDropdown,
} from '../../content/navigation';
import { mediaUrl } from '../../api/media';
import { hasProfileImage } from '../../api/storage';
import { menuMachine, type DropdownId } from '../../machines/menuMachine';
import { inspect } from '../inspector';
import { Session } from '../session';
import { useHydrated } from './useHydrated';
import './layout.css';

function AccountLinks() {
  const session = Session.useSelector((snapshot) => snapshot.context.session);
  // The prerendered HTML is a visitor's; a member's avatar appears once hydration is over.
  const hydrated = useHydrated();
  if (session && hydrated) {
    return (
      <div className="auth-links">
        {session.role === 'staff' && <NavLink to="/staff">Staff</NavLink>}
        {session.role === 'crew' && <NavLink to="/crew">Jobs</NavLink>}
        <Link to="/profile" className="avatar" aria-label="Your account">
          {hasProfileImage(session.profileImage) ? (
            <img src={mediaUrl(session.profileImage)} alt="" width={36} height={36} />
          ) : (
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="currentColor" />
              <path d="M4 21a8 8 0 0 1 16 0" fill="currentColor" />
            </svg>
          )}
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-links">
      <Link to="/login">Log In</Link>
      <Link to="/signup" className="button button-small">
        Sign up
      </Link>
    </div>
  );
}

interface DropdownProps {
  dropdown: NavDropdown;
  open: boolean;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onToggle: () => void;
  onLeave: () => void;
}

function Dropdown({ dropdown, open, buttonRef, onToggle, onLeave }: DropdownProps) {
  const listId = `${dropdown.id}-menu`;
  // Focus moving outside the dropdown (Tab away, a click elsewhere) closes it.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
  };
  return (
    <li className="dropdown" onBlur={onBlur}>
      <button
        type="button"
        className="dropdown-button"
        aria-expanded={open}
        aria-controls={listId}
        ref={buttonRef}
        onClick={onToggle}
      >
        {dropdown.label}
        <svg className="caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className="dropdown-list" hidden={!open}>
        {dropdown.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const dropdownButtons = useRef(new Map<DropdownId, HTMLButtonElement>());
  const [logic] = useState(() =>
    menuMachine.provide({
      actions: {
        focusMenuButton: () => menuButton.current?.focus(),
        focusDropdownButton: (_, { dropdown }) => dropdownButtons.current.get(dropdown)?.focus(),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const menuOpen = snapshot.matches('open');
  const dropdownOpen = (dropdown: DropdownId) =>
    snapshot.matches({ open: dropdown }) || snapshot.matches({ closed: dropdown });

  useEffect(() => {
    send({ type: 'navigate' });
  }, [pathname, send]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') send({ type: 'escape' });
  };
  // Following any link closes the menus, also when it points at the page already shown.
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) send({ type: 'navigate' });
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <Link to="/" className="brand">
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <path d="M7 20V12l9-5 9 5v8l-9 5z" fill="none" stroke="#fff" strokeWidth="2" />
        </svg>
        {company.name}
      </Link>
      <button
        type="button"
        className="menu-button"
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        ref={menuButton}
        onClick={() => send({ type: 'menu.toggle' })}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          {menuOpen ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
          )}
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <div
        id="site-menu"
        className={menuOpen ? 'site-menu site-menu-open' : 'site-menu'}
        onClick={onClick}
      >
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavLink to={homeLink.to} end>
                {homeLink.label}
              </NavLink>
            </li>
            <li>
              <NavLink to={aboutLink.to}>{aboutLink.label}</NavLink>
            </li>
            {dropdowns.map((dropdown) => (
              <Dropdown
                key={dropdown.id}
                dropdown={dropdown}
                open={dropdownOpen(dropdown.id)}
                buttonRef={(element) => {
                  if (element) dropdownButtons.current.set(dropdown.id, element);
                }}
                onToggle={() => send({ type: 'dropdown.toggle', dropdown: dropdown.id })}
                onLeave={() => send({ type: 'dropdown.close' })}
              />
            ))}
            {/* The phone's menu always offers tracking (issue 35); wide screens keep the spec's pages. */}
            {(showsTracker(pathname) || menuOpen) && (
              <li>
                <NavLink to={trackerLink.to}>{trackerLink.label}</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <AccountLinks />
      </div>
    </header>
  );
}
