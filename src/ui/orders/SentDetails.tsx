/**
 * Everything the customer sent with an order, laid out for the job: a quote's two addresses
 * (landmark, apartment type, rooms, floor), contact, services, dates, description and photos; a
 * delivery's pickup, sender and every receiver. Shown to staff and to the order's owner.
 */
import { relocationServices } from '../../api/contract/rules';
import type { OrderDetail } from '../../api/contract/orders';
import { mediaUrl } from '../../api/media';
import { formatDay } from '../tracking/format';
import './orders.css';

type Details = OrderDetail['details'];
type QuoteDetails = Extract<Details, { kind: 'quote' }>;
type DeliveryDetails = Extract<Details, { kind: 'delivery' }>;

const shown = (value: string | null | undefined, none = 'Not given') =>
  value && value.trim() ? value : none;
const day = (value: string | null) => (value ? formatDay(value) : 'Not set');

/** An address's landmark note (issue 37), a row only when the customer gave one. */
const landmarkRow = (landmark: string | null): [string, string][] =>
  landmark ? [['Landmark', landmark]] : [];

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function serviceNames(ids: string): string {
  const names = ids
    .split(',')
    .map((id) => relocationServices.find((service) => service.id === id.trim())?.label ?? id.trim())
    .filter(Boolean);
  return names.length ? names.join(', ') : 'None chosen';
}

function QuoteSent({ details }: { details: QuoteDetails }) {
  return (
    <>
      <section className="sent-part" aria-labelledby="sent-from">
        <h3 id="sent-from">Moving from</h3>
        <Facts
          rows={[
            ['Address', details.moving_from_address],
            ...landmarkRow(details.moving_from_landmark),
            ['Apartment type', details.moving_from_apartment_type],
            ['Rooms', details.number_of_room_moving_from],
            ['Floor', details.aptFloor],
          ]}
        />
      </section>
      <section className="sent-part" aria-labelledby="sent-to">
        <h3 id="sent-to">Moving to</h3>
        <Facts
          rows={[
            ['Address', details.moving_to_address],
            ...landmarkRow(details.moving_to_landmark),
            ['Apartment type', details.moving_to_apartment_type],
            ['Rooms', details.number_of_room_moving_to],
            ['Floor', details.toAptFloor],
          ]}
        />
      </section>
      <section className="sent-part" aria-labelledby="sent-job">
        <h3 id="sent-job">The job</h3>
        <Facts
          rows={[
            ['Services', serviceNames(details.Services)],
            ['Inspection date', day(details.date_of_inspection)],
            ['Moving date', day(details.moving_date)],
            ['Description', shown(details.description, 'None')],
          ]}
        />
      </section>
      <section className="sent-part" aria-labelledby="sent-contact">
        <h3 id="sent-contact">Contact on the quote</h3>
        <Facts
          rows={[
            ['Name', shown(details.full_name)],
            ['Email', shown(details.email)],
            ['Mobile number', shown(details.mobile_phone)],
          ]}
        />
      </section>
      <section className="sent-part sent-photos" aria-labelledby="sent-photos">
        <h3 id="sent-photos">Photos</h3>
        {details.photos.length ? (
          <ul className="photos">
            {details.photos.map((photo, index) => (
              <li key={photo}>
                <a href={mediaUrl(photo)} target="_blank" rel="noreferrer">
                  <img
                    src={mediaUrl(photo)}
                    alt={`Photo ${index + 1} sent with the quote`}
                    width={160}
                    height={120}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No photos were sent.</p>
        )}
      </section>
    </>
  );
}

function DeliverySent({ details }: { details: DeliveryDetails }) {
  return (
    <>
      <section className="sent-part" aria-labelledby="sent-pickup">
        <h3 id="sent-pickup">Pickup</h3>
        <Facts
          rows={[
            ['Address', details.pickup_address],
            ...landmarkRow(details.pickup_landmark),
            [
              'Pickup date',
              details.pickup_date ? formatDay(details.pickup_date) : 'As soon as possible',
            ],
            ['Sender', details.sender_fullname],
            ["Sender's phone", details.sender_phone],
            ['What is sent', details.description],
          ]}
        />
      </section>
      <section className="sent-part sent-receivers" aria-labelledby="sent-receivers">
        <h3 id="sent-receivers">
          {details.receivers.length === 1 ? 'Receiver' : `Receivers (${details.receivers.length})`}
        </h3>
        <ol className="receivers">
          {details.receivers.map((receiver, index) => (
            <li key={`${index}-${receiver.phone}`}>
              <Facts
                rows={[
                  ['Name', receiver.name],
                  ['Phone', receiver.phone],
                  ['Address', receiver.address],
                  ...landmarkRow(receiver.landmark),
                  [
                    'Delivery date',
                    receiver.delivery_date
                      ? formatDay(receiver.delivery_date)
                      : 'As soon as possible',
                  ],
                ]}
              />
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export function SentDetails({ details }: { details: Details }) {
  return (
    <div className="sent">
      {details.kind === 'quote' ? (
        <QuoteSent details={details} />
      ) : (
        <DeliverySent details={details} />
      )}
    </div>
  );
}
