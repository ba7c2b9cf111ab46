/** About Us: Who We Are, Our Vision, Our Mission (docs/product.md). */
import { about } from '../../content/about';
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { Hero } from '../marketing/Hero';
import { WhyChooseUs } from '../marketing/WhyChooseUs';

export default function AboutPage() {
  usePageMeta(pageText.about.title, pageText.about.description);
  return (
    <>
      <Hero title="About Us">
        <p className="lead">{about.intro}</p>
      </Hero>
      <div className="band">
        <div className="band-inner prose">
          {about.sections.map((section) => (
            <section key={section.title} aria-label={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
      <WhyChooseUs />
    </>
  );
}
