/** The opening band of a marketing page: heading, text and its call-to-action links. */
import type { ReactNode } from 'react';
import { Link } from '../components/Link';

export interface HeroAction {
  label: string;
  to: string;
}

export function Hero({ title, children, actions = [] }: { title: ReactNode; children?: ReactNode; actions?: HeroAction[] }) {
  return (
    <section className="hero">
      <div className="hero-inner">
        <h1>{title}</h1>
        {children}
        {actions.length > 0 && (
          <p className="actions">
            {actions.map((action, index) => (
              <Link key={action.to + action.label} to={action.to} className={index === 0 ? 'button button-accent' : 'button button-light'}>
                {action.label}
              </Link>
            ))}
          </p>
        )}
      </div>
    </section>
  );
}
