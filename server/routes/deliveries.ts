/** Delivery bookings: instant, scheduled, and bulk (one pickup, up to 50 receivers). */
import type { FastifyInstance } from 'fastify';
import { BULK_DELIVERY_CREATED, calls, DELIVERY_CREATED } from '../../src/api/contract';
import type { DeliveriesTable, DeliveryReceiversTable } from '../db/database';
import type { RoutesOptions } from '../services';
import { insertDetails } from '../orders/shipments';
import { book, bookingStatement } from './booking';
import { contractRoute } from './contract-route';

type Sender = Omit<DeliveriesTable, 'shipment_id'>;
type Receiver = Omit<DeliveryReceiversTable, 'id' | 'shipment_id'>;

/** Sender and receivers go in with the shipment: one statement, so all of it is stored or none. */
const deliveryStatement = bookingStatement((withShipments, deliveries: Array<{ reference: string; details: { sender: Sender; receivers: Receiver[] } }>) =>
  withShipments
    .with('new_delivery', (query) => insertDetails(query, 'deliveries', deliveries.map(({ reference, details }) => ({ reference, values: details.sender }))))
    .with('new_receivers', (query) =>
      insertDetails(query, 'delivery_receivers', deliveries.flatMap(({ reference, details }) => details.receivers.map((receiver) => ({ reference, values: receiver })))),
    ),
);

const booking = { booking: true } as const;

export async function deliveryRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(app, services, 'instantDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_number, pickup_date: null, description: body.description };
    const receiver = { address: body.dilivery_address, name: body.receiver_fullname, phone: body.receiver_number, delivery_date: null, position: 0 };
    const { data } = await book(services, request, 'instant_delivery', deliveryStatement, { sender, receivers: [receiver] });
    return { message: calls.instantDelivery.success, data };
  }, booking);

  contractRoute(app, services, 'scheduledDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_phone, pickup_date: body.pickup_date, description: body.description };
    const receiver = { address: body.delivery_address, name: body.receiver_fullname, phone: body.receiver_phone, delivery_date: body.delivery_date, position: 0 };
    const { data } = await book(services, request, 'scheduled_delivery', deliveryStatement, { sender, receivers: [receiver] });
    return { message: DELIVERY_CREATED, data };
  }, booking);

  contractRoute(app, services, 'bulkDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_number, pickup_date: body.pickup_date, description: body.description };
    const receivers = body.receiver_details.map(({ address, name, phone, date }, position) => ({ address, name, phone, delivery_date: date, position }));
    const { data } = await book(services, request, 'bulk_delivery', deliveryStatement, { sender, receivers });
    return { message: BULK_DELIVERY_CREATED, data };
  }, booking);
}
