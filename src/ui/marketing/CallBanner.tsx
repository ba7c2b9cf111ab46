/** A band inviting a telephone call (consultation, 'Got issues BOOKING?'). */
import { company, phoneLink } from '../../content/company';

export function CallBanner({
  id,
  title,
  text,
  action = `Call ${company.phoneDisplay}`,
}: {
  id: string;
  title: string;
  text: string;
  action?: string;
}) {
  return (
    <section className="band call-banner" aria-labelledby={id}>
      <div className="band-inner">
        <h2 id={id}>{title}</h2>
        <p>{text}</p>
        <a className="button button-accent" href={phoneLink}>
          {action}
        </a>
      </div>
    </section>
  );
}
