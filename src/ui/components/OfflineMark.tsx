/**
 * "Offline — as of 14:05": what a page shows above the data it last saw while the phone has no
 * network (issue 38): My bookings, the last tracking result. The time is when it was fetched, in
 * Lagos time. (The public pages get the same words in a strip: src/ui/offline/offlineStrip.ts.)
 * Shown while the newest is being fetched, `offline={false}`: "As of 14:05".
 */
import type { ReactNode } from 'react';

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function OfflineMark({
  asOf,
  offline = true,
  onRetry,
  children,
}: {
  asOf: number;
  offline?: boolean;
  /** Offers Try again: fetching the newest once more. */
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <p className="offline-mark" role="status">
      <strong>
        {offline ? 'Offline — as of' : 'As of'} {lagosClock.format(asOf)}
      </strong>
      {children}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
