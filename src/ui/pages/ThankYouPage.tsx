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
import { formatNaira, formatRange } from '../../api/contract/rules';

/** A whole number of kobo from the address, else null (the address is only repeated, never trusted). */
const koboOf = (text: string | null) =>
  text !== null && /^\d{1,13}$/.test(text) ? Number(text) : null;

export default function ThankYouPage() {
  usePageMeta('Thank you');
  const [params] = useSearchParams();
  const reference = params.get('reference');
  const price = koboOf(params.get('price'));
  const low = koboOf(params.get('low'));
  const high = koboOf(params.get('high'));
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
            Your tracking reference ID is <strong className="reference">{reference}</strong>. We
            have also emailed it to you.
          </p>
          {price !== null && (
            <p className="thank-you-price">
              Your price: <strong>{formatNaira(price)}</strong>, accepted at booking.
            </p>
          )}
          {low !== null && high !== null && (
            <p className="thank-you-price">
              Your estimate: <strong>{formatRange(low, high)}</strong>, final price after
              inspection.
            </p>
          )}
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
          The tracking reference ID for your relocation has been emailed to you.{' '}
          <Link to="/track">Track a shipment</Link>
        </p>
      )}
    </section>
  );
}
