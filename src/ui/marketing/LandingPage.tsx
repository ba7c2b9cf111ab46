/** The relocation and delivery landing pages share this layout (docs/product.md). */
import type { ReactNode } from 'react';
import type { LandingContent } from '../../content/services';
import type { Testimonial } from '../../content/testimonials';
import { CallBanner } from './CallBanner';
import { Cards } from './Cards';
import { cardArt } from '../illustrations';
import { Hero } from './Hero';
import { TestimonialCarousel } from './TestimonialCarousel';
import { WhyChooseUs } from './WhyChooseUs';

export function LandingPage({
  content,
  testimonials,
  art,
}: {
  content: LandingContent;
  testimonials: Testimonial[];
  art: ReactNode;
}) {
  const { hero, servicesId, servicesTitle, cards, testimonialsTitle, banner } = content;
  return (
    <>
      <Hero title={hero.title} actions={hero.actions} art={art}>
        <p className="lead">{hero.text}</p>
      </Hero>
      <section id={servicesId} className="band" aria-labelledby={`${servicesId}-title`}>
        <div className="band-inner">
          <h2 id={`${servicesId}-title`}>{servicesTitle}</h2>
          <Cards cards={cards} art={cardArt} />
        </div>
      </section>
      <WhyChooseUs />
      <TestimonialCarousel
        id={`${servicesId}-testimonials`}
        title={testimonialsTitle}
        testimonials={testimonials}
      />
      <CallBanner id={`${servicesId}-call`} title={banner.title} text={banner.text} />
    </>
  );
}
