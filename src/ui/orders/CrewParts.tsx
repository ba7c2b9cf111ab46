/**
 * The day's work on the owner's order page (docs/crews.md, "What the customer sees"): who is
 * coming (the crew's first name, photo, vehicle and plate, the window and a Call button) from an
 * hour before the window until delivery, and each stop with its state and, once handed over, its
 * proof, with a move's photos of the goods' condition once delivered (staff's page: once taken).
 * Loaded only for an order that has a crew or stops to show. `Stops` and `StopProof` are
 * also the staff order page's Stops part, which adds its own action to a stop.
 */
import type { ReactNode } from 'react';
import { stopKindLabels, stopStateLabels, vehicleLabels } from '../../api/contract/stopLabels';
import type { OrderStop, VisibleCrew } from '../../api/contract/stops';
import { formatDay, formatLagosDate } from '../tracking/format';
import './crew.css';

function WhoIsComing({ crew }: { crew: VisibleCrew }) {
  return (
    <section className="order-part crew-coming" aria-labelledby="order-crew">
      <h2 id="order-crew">Who is coming</h2>
      <div className="crew-card">
        {crew.photo_url ? (
          <img className="crew-photo" src={crew.photo_url} alt="" width={72} height={72} />
        ) : (
          <span className="crew-photo crew-initial" aria-hidden="true">
            {crew.first_name.charAt(0)}
          </span>
        )}
        <div>
          <p className="crew-name">{crew.first_name}</p>
          <p>
            {vehicleLabels[crew.vehicle]}, plate <span className="plate">{crew.plate}</span>
          </p>
          <p>
            <time dateTime={crew.date}>{formatDay(crew.date)}</time>, between {crew.window_start}{' '}
            and {crew.window_end}
          </p>
        </div>
      </div>
      <p className="actions">
        <a className="button" href={`tel:${crew.phone}`}>
          Call {crew.first_name}
        </a>
      </p>
    </section>
  );
}

/** Signed links to a stop's photos, each opening the photo full size. */
function StopPhotos({ photos, of }: { photos: string[]; of: string }) {
  return (
    <ul className="proof-photos">
      {photos.map((photo, index) => (
        <li key={photo}>
          <a href={photo} target="_blank" rel="noreferrer">
            <img
              src={photo}
              alt={`Photo ${index + 1} of ${of}`}
              width={96}
              height={96}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function StopProof({ stop }: { stop: OrderStop }) {
  const { proof } = stop;
  if (!proof) return null;
  return (
    <div className="stop-proof">
      <p>
        Handed over <time dateTime={proof.delivered_at}>{formatLagosDate(proof.delivered_at)}</time>
        {proof.receiver_name ? ` to ${proof.receiver_name}` : ''},{' '}
        {proof.with_code ? 'with the handover code' : 'without the code: the crew took a photo'}.
      </p>
      {proof.to_review && <p className="stop-to-review">Without code — to review</p>}
      {proof.photos.length > 0 && (
        <StopPhotos photos={proof.photos} of={`the handover at ${stop.address}`} />
      )}
    </div>
  );
}

/** Each stop with its state and proof; `action`, when given, adds what staff may do at a stop. */
export function Stops({
  stops,
  action,
}: {
  stops: OrderStop[];
  action?: (stop: OrderStop) => ReactNode;
}) {
  return (
    <section className="order-part" aria-labelledby="order-stops">
      <h2 id="order-stops">Stops</h2>
      <ol className="order-stops">
        {stops.map((stop) => (
          <li key={stop.id} className={`stop-${stop.state}`}>
            <p>
              <strong>{stopKindLabels[stop.kind]}</strong> · {stop.address}
            </p>
            {stop.landmark && <p className="stop-landmark">Landmark: {stop.landmark}</p>}
            <p className="stop-state">{stopStateLabels[stop.state]}</p>
            <StopProof stop={stop} />
            {stop.condition_photos && (
              <div className="stop-proof">
                <p>The goods’ condition, photographed by the crew:</p>
                <StopPhotos
                  photos={stop.condition_photos}
                  of={`the goods’ condition at ${stop.address}`}
                />
              </div>
            )}
            {action?.(stop)}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CrewParts({ crew, stops }: { crew: VisibleCrew | null; stops: OrderStop[] }) {
  return (
    <>
      {crew && <WhoIsComing crew={crew} />}
      {stops.length > 0 && <Stops stops={stops} />}
    </>
  );
}
