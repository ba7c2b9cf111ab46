/** Unknown paths: say so kindly and offer the ways on. */
import { Link } from '../components/Link';
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { NotFoundArt } from '../illustrations/states';

export default function NotFoundPage() {
  usePageMeta(pageText.notFound.title, pageText.notFound.description);
  return (
    <section className="page narrow">
      <div className="state-art">
        <NotFoundArt />
      </div>
      <h1>Page not found</h1>
      <p>Sorry, we could not find that page. It may have moved, or the link may be mistyped.</p>
      <p className="actions">
        <Link className="button" to="/">
          Go to the home page
        </Link>
        <Link className="button button-secondary" to="/services">
          See our services
        </Link>
        <Link to="/contact-us">Contact us</Link>
      </p>
    </section>
  );
}
