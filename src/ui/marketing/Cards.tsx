/** Titled cards in a responsive grid, optionally each with a link (service tiles, why-us). */
import { Link } from '../components/Link';

export interface Card {
  title: string;
  text: string;
  to?: string;
  action?: string;
}

export function Cards({ cards, headingLevel = 3 }: { cards: Card[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.title} className="card">
          <Heading>{card.title}</Heading>
          <p>{card.text}</p>
          {card.to && (
            <Link to={card.to} className="card-link">
              {card.action ?? 'Learn more'}{' '}
              <span className="visually-hidden">about {card.title}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
