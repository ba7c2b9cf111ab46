/**
 * After a quote or a booking (SPEC section 2): support will be in touch and the reference was
 * emailed. The reference travels in the URL (?reference=RL-…) so a reload keeps it.
 */
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link';
import { usePageMeta } from '../components/PageMeta';

export default function ThankYouPage() {
  usePageMeta('Thank you');
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <section className="page narrow">
      <h1>Thank you!</h1>
      <p>Our support team will contact you shortly to confirm the details.</p>
      {reference ? (
        <>
          <p>
            Your tracking reference ID is <strong className="reference">{reference}</strong>. We have also
            emailed it to you.
          </p>
          <p className="actions">
            <Link className="button" to={`/package-details?reference=${encodeURIComponent(reference)}`}>
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
