/** The opening band of a marketing page: heading, text, its call-to-action links and a picture. */
import type { ReactNode } from 'react';
import { Link } from '../components/Link';

export interface HeroAction {
  label: string;
  to: string;
}

export function Hero({
  title,
  children,
  actions = [],
  art,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: HeroAction[];
  art?: ReactNode;
}) {
  return (
    <section className="hero">
      <div className={art ? 'hero-inner hero-with-art' : 'hero-inner'}>
        <div className="hero-text">
          <h1>{title}</h1>
          {children}
          {actions.length > 0 && (
            <p className="actions">
              {actions.map((action, index) => (
                <Link
                  key={action.to + action.label}
                  to={action.to}
                  className={index === 0 ? 'button button-accent' : 'button button-light'}
                >
                  {action.label}
                </Link>
              ))}
            </p>
          )}
        </div>
        {art && <div className="hero-art">{art}</div>}
      </div>
    </section>
  );
}
