/**
 * Delivery bookings: instant, scheduled, and bulk (one pickup, up to 50 receivers). Each is
 * priced from the tariff by its places (../money/order-price.ts); a priced one is stored with its
 * price already accepted, as an offer the customer accepted would be (docs/prices.md).
 */
import { todayInLagos, type ParsedRequestOf } from '../../src/api/contract';
import type { DeliveriesTable, DeliveryReceiversTable } from '../db/database';
import { bookingPrice, withDeclaredValue, type BookingPrice } from '../money/order-price';
import { insertDetails } from './shipments';
import { book, bookingStatement, type Booker, type BookingDeps } from './booking';

type Sender = Omit<DeliveriesTable, 'shipment_id'>;
type Receiver = Omit<DeliveryReceiversTable, 'id' | 'shipment_id'>;
interface DeliveryDetails {
  sender: Sender;
  receivers: Receiver[];
  offer?: BookingPrice['offer'];
}

/** Sender, receivers and an accepted price go in with the shipment: one statement, so all of it is stored or none. */
const deliveryStatement = bookingStatement(
  (withShipments, deliveries: Array<{ reference: string; details: DeliveryDetails }>) => {
    const withReceivers = withShipments
      .with('new_delivery', (query) =>
        insertDetails(
          query,
          'deliveries',
          deliveries.map(({ reference, details }) => ({ reference, values: details.sender })),
        ),
      )
      .with('new_receivers', (query) =>
        insertDetails(
          query,
          'delivery_receivers',
          deliveries.flatMap(({ reference, details }) =>
            details.receivers.map((receiver) => ({ reference, values: receiver })),
          ),
        ),
      );
    // Bookings of one statement share a shape: all of them are priced, or none.
    if (!deliveries[0]!.details.offer) return withReceivers;
    return withReceivers.with('new_offer', (query) =>
      insertDetails(
        query,
        'offers',
        deliveries.map(({ reference, details }) => ({ reference, values: details.offer! })),
      ),
    );
  },
  (details) => details.sender.sender_phone,
);

const placeOf = (state?: string, lga?: string) => ({ state: state || null, lga: lga || null });
/** A landmark note left empty is none (issue 37). */
const landmarkOf = (note?: string) => note || null;

export async function bookInstantDelivery(
  services: BookingDeps,
  booker: Booker,
  body: ParsedRequestOf<'instantDelivery'>,
) {
  const price = await bookingPrice(services.db, { service_type: 'instant_delivery', ...body });
  const { state: pickup_state, lga: pickup_lga } = placeOf(body.pickup_state, body.pickup_lga);
  const sender = {
    pickup_address: body.pickup_address,
    pickup_state,
    pickup_lga,
    pickup_landmark: landmarkOf(body.pickup_landmark),
    sender_fullname: body.sender_fullname,
    sender_phone: body.sender_number,
    pickup_date: null,
    description: body.description,
  };
  const receiver = {
    address: body.dilivery_address,
    ...placeOf(body.delivery_state, body.delivery_lga),
    landmark: landmarkOf(body.delivery_landmark),
    name: body.receiver_fullname,
    phone: body.receiver_number,
    delivery_date: null,
    position: 0,
  };
  return book(
    services,
    booker,
    'instant_delivery',
    deliveryStatement,
    { sender, receivers: [receiver], ...(price.offer ? { offer: price.offer } : {}) },
    todayInLagos(), // picked up at once: its job is on the day it is booked
    withDeclaredValue(price, body.declared_value),
  );
}

export async function bookScheduledDelivery(
  services: BookingDeps,
  booker: Booker,
  body: ParsedRequestOf<'scheduledDelivery'>,
) {
  const price = await bookingPrice(services.db, { service_type: 'scheduled_delivery', ...body });
  const { state: pickup_state, lga: pickup_lga } = placeOf(body.pickup_state, body.pickup_lga);
  const sender = {
    pickup_address: body.pickup_address,
    pickup_state,
    pickup_lga,
    pickup_landmark: landmarkOf(body.pickup_landmark),
    sender_fullname: body.sender_fullname,
    sender_phone: body.sender_phone,
    pickup_date: body.pickup_date,
    description: body.description,
  };
  const receiver = {
    address: body.delivery_address,
    ...placeOf(body.delivery_state, body.delivery_lga),
    landmark: landmarkOf(body.delivery_landmark),
    name: body.receiver_fullname,
    phone: body.receiver_phone,
    delivery_date: body.delivery_date,
    position: 0,
  };
  return book(
    services,
    booker,
    'scheduled_delivery',
    deliveryStatement,
    { sender, receivers: [receiver], ...(price.offer ? { offer: price.offer } : {}) },
    sender.pickup_date,
    withDeclaredValue(price, body.declared_value),
  );
}

export async function bookBulkDelivery(
  services: BookingDeps,
  booker: Booker,
  body: ParsedRequestOf<'bulkDelivery'>,
) {
  const price = await bookingPrice(services.db, { service_type: 'bulk_delivery', ...body });
  const { state: pickup_state, lga: pickup_lga } = placeOf(body.pickup_state, body.pickup_lga);
  const sender = {
    pickup_address: body.pickup_address,
    pickup_state,
    pickup_lga,
    pickup_landmark: landmarkOf(body.pickup_landmark),
    sender_fullname: body.sender_fullname,
    sender_phone: body.sender_number,
    pickup_date: body.pickup_date,
    description: body.description,
  };
  const receivers = body.receiver_details.map(
    ({ address, state, lga, landmark, name, phone, date }, position) => ({
      address,
      ...placeOf(state, lga),
      landmark: landmarkOf(landmark),
      name,
      phone,
      delivery_date: date,
      position,
    }),
  );
  return book(
    services,
    booker,
    'bulk_delivery',
    deliveryStatement,
    { sender, receivers, ...(price.offer ? { offer: price.offer } : {}) },
    sender.pickup_date,
    withDeclaredValue(price, body.declared_value),
  );
}
