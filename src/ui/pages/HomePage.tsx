/** Home (docs/product.md). */
import { Link } from '../components/Link';
import { home } from '../../content/home';
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { CallBanner } from '../marketing/CallBanner';
import { Cards } from '../marketing/Cards';
import { Hero } from '../marketing/Hero';
import { TypedHeadline } from '../marketing/TypedHeadline';
import { WhyChooseUs } from '../marketing/WhyChooseUs';
import { HomeHeroArt, homeCardArt } from '../illustrations/home';

export default function HomePage() {
  usePageMeta(pageText.home.title, pageText.home.description);
  return (
    <>
      <Hero
        title={<TypedHeadline text={home.headline} />}
        actions={home.actions}
        art={<HomeHeroArt />}
      >
        <p className="hero-subheadline">{home.subheadline}</p>
        <p className="lead">{home.intro}</p>
      </Hero>
      <section className="band" aria-labelledby="our-services">
        <div className="band-inner">
          <h2 id="our-services">Our services</h2>
          <Cards cards={home.services} art={homeCardArt} />
        </div>
      </section>
      <WhyChooseUs />
      <CallBanner
        id="consultation"
        title={home.consultation.title}
        text={home.consultation.text}
        action={home.consultation.action}
      />
      <section className="band" aria-labelledby="about-us">
        <div className="band-inner split">
          <div>
            <h2 id="about-us">{home.about.title}</h2>
            <p>{home.about.text}</p>
            <Link to="/about">Learn more about us</Link>
          </div>
          <div className="partner-cta">
            <h2>{home.partner.title}</h2>
            <p>{home.partner.text}</p>
            <Link className="button" to="/partner">
              {home.partner.action}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
