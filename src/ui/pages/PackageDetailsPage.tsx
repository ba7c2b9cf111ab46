/**
 * /package-details?reference=… (public: docs/product.md): the shipment of the
 * reference in the URL, so a reload or a shared link shows it too. A result carried from /track
 * shows at once while the newest status is fetched. Offline, the last result this phone saw for
 * the reference, "Offline — as of 14:05" (src/api/lastSeen.ts).
 */
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link';
import { fromPromise } from 'xstate';
import type { TrackingResult } from '../../api/contract/bookings';
import { packageDetailsMachine } from '../../machines/packageDetailsMachine';
import { loadPublic, savePublic } from '../../api/lastSeen';
import { bookingsApi } from '../../api/bookings';
import { takeEarlyResult, takeEarlyTracking } from '../../api/earlyTracking';
import { OfflineMark } from '../components/OfflineMark';
import { usePageMeta } from '../components/PageMeta';
import { useFlow } from '../components/useFlow';
import { lookUpShipment } from '../tracking/lookup';
import { ShipmentDetails } from '../tracking/ShipmentDetails';
import { LoadFailed, Waiting } from '../components/LoadStates';
import '../tracking/tracking.css';

const trackAgain = (reference: string) => `/track?reference=${encodeURIComponent(reference)}`;

/** The last result this phone saw, when it is this reference's. */
function lastSeenFor(reference: string | null) {
  const seen = loadPublic<TrackingResult>('tracking');
  return seen && reference && seen.data?.reference_number === reference.trim()
    ? { result: seen.data, fetchedAt: seen.fetchedAt }
    : null;
}

function PackageDetails({
  reference,
  carried,
}: {
  reference: string | null;
  carried: TrackingResult | null;
}) {
  const [input] = useState(() => ({
    reference,
    result: carried?.reference_number === reference ? carried : null,
    lastSeen: lastSeenFor(reference),
    // The answer its HTML asked for, when it is in already: shown in the first render.
    answered: reference ? (takeEarlyResult(reference) ?? null) : null,
  }));
  const { snapshot, send } = useFlow<typeof packageDetailsMachine>(
    packageDetailsMachine,
    () => ({
      // The client comes with the page: the look-up starts as it opens, not a download later.
      // The first one takes the answer the page's HTML asked for while the code downloaded
      // (src/api/earlyTracking.ts), when it asked for this reference.
      actors: {
        lookUp: fromPromise<TrackingResult, string>(({ input }) =>
          lookUpShipment(input, bookingsApi, { transport: takeEarlyTracking(input) }),
        ),
      },
      actions: { remember: (_, { result }) => savePublic('tracking', result) },
    }),
    input,
  );
  const { result, messages, asOf } = snapshot.context;
  const code = snapshot.context.reference;

  if (snapshot.matches('missing')) {
    return (
      <p>
        This link has no tracking code. <Link to="/track">Enter your tracking code</Link>
      </p>
    );
  }
  if (snapshot.matches('loading')) {
    return (
      <Waiting>
        Looking up <span className="reference">{code}</span>…
      </Waiting>
    );
  }
  if (snapshot.matches('notFound')) {
    return (
      <div className="problem" role="alert">
        <h2>Package not found</h2>
        <p>{messages[0]}</p>
        <p>
          <Link className="button" to={trackAgain(code)}>
            Check the code
          </Link>
        </p>
      </div>
    );
  }
  if (snapshot.matches('offline') && result && asOf !== null) {
    return (
      <>
        <OfflineMark asOf={asOf} onRetry={() => send({ type: 'retry' })} />
        <ShipmentDetails result={result} />
      </>
    );
  }
  if (snapshot.matches('failed')) {
    return <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />;
  }
  const refreshing = snapshot.hasTag('busy');
  return (
    <>
      {/* The result last seen, shown while the newest comes. */}
      {asOf !== null && (
        <OfflineMark asOf={asOf} offline={false}>
          {refreshing && ' Checking for news…'}
        </OfflineMark>
      )}
      {result && <ShipmentDetails result={result} />}
      <p className="actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={!snapshot.can({ type: 'refresh' })}
          aria-busy={refreshing || undefined}
          onClick={() => send({ type: 'refresh' })}
        >
          {refreshing && <span className="spinner" aria-hidden="true" />}
          {refreshing ? 'Refreshing...' : 'Refresh status'}
        </button>
        <Link to="/track">Track another shipment</Link>
      </p>
    </>
  );
}

export default function PackageDetailsPage() {
  usePageMeta('Package details', 'Where your delivery or relocation stands, step by step.');
  const [params] = useSearchParams();
  const location = useLocation();
  const reference = params.get('reference');
  const carried = (location.state as { result?: TrackingResult } | null)?.result ?? null;
  return (
    <section className="page">
      <h1>Package details</h1>
      {/* A new reference starts a new lookup. */}
      <PackageDetails key={reference ?? ''} reference={reference} carried={carried} />
    </section>
  );
}
