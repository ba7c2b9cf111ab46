/**
 * "Offline — as of 14:05": what a page shows above what it last saw while the phone has no
 * network (issue 38): My bookings, the last tracking result, the public pages. The time is when
 * it was fetched, in Lagos time.
 */
import type { ReactNode } from 'react';
import { formatLagosClock } from '../tracking/format';

export function OfflineMark({ asOf, children }: { asOf: number; children?: ReactNode }) {
  return (
    <p className="offline-mark" role="status">
      <strong>Offline — as of {formatLagosClock(asOf)}</strong>
      {children}
    </p>
  );
}
