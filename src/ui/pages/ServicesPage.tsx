/** The services index: four tiles (docs/product.md). */
import { pageText } from '../../content/pages';
import { QUICK_QUOTE, serviceTiles } from '../../content/services';
import { Link } from '../components/Link';
import { usePageMeta } from '../components/PageMeta';
import { Cards } from '../marketing/Cards';
import { cardArt } from '../illustrations';
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
          <Cards cards={serviceTiles} headingLevel={2} art={cardArt} />
          <p className="quick-quote">
            Moving home or office and short of time?{' '}
            <Link to={QUICK_QUOTE}>Quick quote (3 steps)</Link>, or pick a service above for the
            detailed quote with photos.
          </p>
        </div>
      </div>
    </>
  );
}
