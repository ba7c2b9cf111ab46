/**
 * One shipment as /package-details shows it (docs/product.md): Tracking ID, Service Type, the
 * crew's day and window once the order has one (never who comes: docs/crews.md), the progress bar
 * at the returned ProgressBar percentage and the three-step timeline with dates.
 */
import { useMemo } from 'react';
import { serviceTypeLabels, statusLabels } from '../../api/contract/rules';
import type { TrackingResult } from '../../api/contract/bookings';
import { formatDay } from './format';
import { Timeline } from './Timeline';
import './tracking.css';

export function ShipmentDetails({ result }: { result: TrackingResult }) {
  const progress = Math.round(result.ProgressBar);
  const source = useMemo(
    () => ({
      status: result.status,
      createdAt: result['date created'],
      updatedAt: result['date updated'],
      history: result.history,
    }),
    [result],
  );
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
        {result.window && (
          <div>
            <dt>Crew window</dt>
            <dd>
              <time dateTime={result.window.date}>{formatDay(result.window.date)}</time>, between{' '}
              {result.window.window_start} and {result.window.window_end}
            </dd>
          </div>
        )}
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
      <Timeline source={source} headingId="shipment-timeline" />
    </div>
  );
}
