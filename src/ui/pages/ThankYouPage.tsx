/**
 * After a quote or a booking (docs/product.md): support will be in touch and the reference was
 * emailed, with links to the order's own page and its tracking. The reference travels in the URL
 * (?reference=RL-…) so a reload keeps it.
 */
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link';
import { usePageMeta } from '../components/PageMeta';
import { ThankYouArt } from '../illustrations/states';
import { paths } from '../paths';

export default function ThankYouPage() {
  usePageMeta('Thank you');
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <section className="page narrow">
      <div className="state-art">
        <ThankYouArt />
      </div>
      <h1>Thank you!</h1>
      <p>Our support team will contact you shortly to confirm the details.</p>
      {reference ? (
        <>
          <p>
            Your tracking reference ID is <strong className="reference">{reference}</strong>. We have also
            emailed it to you.
          </p>
          <p className="actions">
            <Link className="button" to={paths.order(reference)}>
              See your order
            </Link>
            <Link className="button button-secondary" to={paths.packageDetails(reference)}>
              Track it now
            </Link>
            <Link className="button button-secondary" to="/">
              Back to home
            </Link>
          </p>
        </>
      ) : (
        <p>
          The tracking reference ID for your relocation has been emailed to you. <Link to="/track">Track a shipment</Link>
        </p>
      )}
    </section>
  );
}
