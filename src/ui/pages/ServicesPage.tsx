/** The services index: four tiles (SPEC section 2). */
import { pageText } from '../../content/pages';
import { serviceTiles } from '../../content/services';
import { usePageMeta } from '../components/PageMeta';
import { Cards } from '../marketing/Cards';
import { Hero } from '../marketing/Hero';

export default function ServicesPage() {
  usePageMeta(pageText.services.title, pageText.services.description);
  return (
    <>
      <Hero title="Our Services">
        <p className="lead">Whatever you need to move, we have a service for it.</p>
      </Hero>
      <div className="band">
        <div className="band-inner">
          <Cards cards={serviceTiles} headingLevel={2} />
        </div>
      </div>
    </>
  );
}
