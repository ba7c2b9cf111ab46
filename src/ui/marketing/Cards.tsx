/**
 * Titled cards in a responsive grid, optionally each with a link and the picture `art` has for
 * that link (service tiles, why-us).
 */
import { Link } from '../components/Link';
import type { ComponentType } from 'react';

export interface Card {
  title: string;
  text: string;
  to?: string;
  action?: string;
}

export function Cards({
  cards,
  headingLevel = 3,
  art = {},
}: {
  cards: Card[];
  headingLevel?: 2 | 3;
  art?: Record<string, ComponentType>;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards">
      {cards.map((card) => {
        const Art = card.to ? art[card.to] : undefined;
        return (
          <li key={card.title} className="card">
            {Art && <Art />}
            <Heading>{card.title}</Heading>
            <p>{card.text}</p>
            {card.to && (
              <Link to={card.to} className="card-link">
                {card.action ?? 'Learn more'}{' '}
                <span className="visually-hidden">about {card.title}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
