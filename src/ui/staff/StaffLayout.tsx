/** A staff page inside the workspace's shell (StaffShell): its title (also the document's) and its content. */
import type { ReactNode } from 'react';
import { usePageMeta } from '../components/PageMeta';
import './staff.css';

export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageMeta(`${title} · Staff`);
  return (
    <section className="page staff">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
