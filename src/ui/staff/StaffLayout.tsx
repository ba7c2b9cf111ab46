/** The staff pages' frame: the page title and the staff menu (orders, applications, subscribers). */
import type { ReactNode } from 'react';
import { NavLink } from '../components/Link';
import { usePageMeta } from '../components/PageMeta';
import './staff.css';

export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageMeta(`${title} · Staff`);
  return (
    <section className="page staff">
      <nav className="staff-menu" aria-label="Staff menu">
        <ul>
          <li>
            <NavLink to="/staff" end>
              Orders
            </NavLink>
          </li>
          <li>
            <NavLink to="/staff/applications">Applications</NavLink>
          </li>
          <li>
            <NavLink to="/staff/subscribers">Subscribers</NavLink>
          </li>
        </ul>
      </nav>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
