/**
 * /track (public: docs/product.md): one Tracking Code field and Track. On
 * 'Package found' it goes to /package-details?reference=… with the result; an unknown code, an
 * empty one or an unreachable server is explained under the field, and the code stays typed.
 * ?reference=… prefills the field (the details page links back here with the code it could not find).
 */
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link';
import { bookingCalls, type TrackingResult } from '../../api/contract/bookings';
import { trackingMachine } from '../../machines/trackingMachine';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SubmitButton } from '../components/SubmitButton';
import { useFormFlow } from '../components/useFormFlow';
import { lookUpShipment } from '../tracking/lookup';
import '../tracking/tracking.css';
import { paths } from '../paths';

export default function TrackPage() {
  usePageMeta(
    'Track a shipment',
    'Enter your tracking code to see where your delivery or relocation stands.',
  );
  const [params] = useSearchParams();
  const { field, onSubmit, busy } = useFormFlow(trackingMachine, {
    values: { reference_id: params.get('reference') ?? '' },
    submit: (request): Promise<TrackingResult> => lookUpShipment(request.reference_id),
    successMessage: () => bookingCalls.trackingStatus.success,
    leaveTo: (result) => ({
      to: paths.packageDetails(result.reference_number),
      options: { state: { result } },
    }),
    // Nothing to read before leaving: the details page is the answer.
    redirectDelay: 0,
  });

  return (
    <section className="page narrow">
      <h1>Track a shipment</h1>
      <p>Enter the tracking code we emailed you. It looks like RL-XXXXXXXXXX.</p>
      <form className="tracking-form" onSubmit={onSubmit} noValidate>
        <div className="tracking-code">
          <TextField
            label="Tracking Code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="RL-XXXXXXXXXX"
            {...field('reference_id')}
          />
        </div>
        <p className="actions">
          <SubmitButton busy={busy} busyLabel="Tracking...">
            Track
          </SubmitButton>
        </p>
      </form>
      <p>
        Cannot find your code? <Link to="/">Support</Link>
      </p>
    </section>
  );
}
