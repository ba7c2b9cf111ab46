/** /local, /interstate, /office: hero with 'Get a Quote' (the matching 5-step quote), the quick 3-step quote and 'Track'. */
import { QUICK_QUOTE, type ServicePageContent } from '../../content/services';
import { Hero } from './Hero';
import { WhyChooseUs } from './WhyChooseUs';

export function ServiceLanding({ content }: { content: ServicePageContent }) {
  return (
    <>
      <Hero
        title={content.title}
        actions={[
          { label: 'Get a Quote', to: content.quoteTo },
          { label: 'Quick quote (3 steps)', to: QUICK_QUOTE },
          { label: 'Track', to: '/track' },
        ]}
      >
        <p className="lead">{content.text}</p>
      </Hero>
      <section className="band" aria-labelledby="included">
        <div className="band-inner">
          <h2 id="included">What is included</h2>
          <ul className="checklist">
            {content.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </section>
      <WhyChooseUs />
    </>
  );
}
