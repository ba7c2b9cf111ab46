/**
 * One shipment as /package-details shows it (SPEC section 2): Tracking ID, Service Type, the
 * progress bar at the returned ProgressBar percentage and the three-step timeline with dates.
 */
import { serviceTypeLabels, type TrackingResult } from '../../api/contract';
import { formatLagosDate, statusLabels } from './format';
import { timelineOf } from './timeline';
import './tracking.css';

export function ShipmentDetails({ result }: { result: TrackingResult }) {
  const progress = Math.round(result.ProgressBar);
  return (
    <div className="shipment">
      <dl className="shipment-facts">
        <div>
          <dt>Tracking ID</dt>
          <dd className="reference">{result.reference_number}</dd>
        </div>
        <div>
          <dt>Service Type</dt>
          <dd>{serviceTypeLabels[result.service_type]}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusLabels[result.status]}</dd>
        </div>
      </dl>
      <div
        className="progress tracking-progress"
        role="progressbar"
        aria-label="Delivery progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%: ${statusLabels[result.status]}`}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <h2 id="shipment-timeline" className="visually-hidden">
        Shipment timeline
      </h2>
      <ol className="timeline" aria-labelledby="shipment-timeline">
        {timelineOf(result).map((step, index) => (
          <li
            key={step.status}
            className={['timeline-step', step.active && 'is-active', step.current && 'is-current'].filter(Boolean).join(' ')}
            aria-current={step.current ? 'step' : undefined}
          >
            <span className="timeline-marker" aria-hidden="true">
              {step.active ? '✓' : index + 1}
            </span>
            <div>
              <h3>{step.label}</h3>
              <p>{step.date ? <time dateTime={step.date}>{formatLagosDate(step.date)}</time> : 'Pending'}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
