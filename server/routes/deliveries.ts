/** Delivery bookings: instant, scheduled, and bulk (one pickup, up to 50 receivers). */
import type { FastifyInstance } from 'fastify';
import { BULK_DELIVERY_CREATED, calls, DELIVERY_CREATED } from '../../src/api/contract';
import type { DeliveriesTable, DeliveryReceiversTable } from '../db/database';
import type { RoutesOptions } from '../services';
import { newShipmentId, type WithNewShipment } from '../shipments';
import { book } from './booking';
import { contractRoute } from './contract-route';

type Sender = Omit<DeliveriesTable, 'shipment_id'>;
type Receiver = Omit<DeliveryReceiversTable, 'id' | 'shipment_id' | 'position'>;

/** Sender and receivers go in with the shipment: one statement, so all of it is stored or none. */
const storeDelivery = (sender: Sender, receivers: Receiver[]) => (withShipment: WithNewShipment) =>
  withShipment
    .with('new_delivery', (query) => query.insertInto('deliveries').values({ ...sender, shipment_id: newShipmentId }))
    .insertInto('delivery_receivers')
    .values(receivers.map((receiver, position) => ({ ...receiver, shipment_id: newShipmentId, position })))
    .execute();

const booking = { booking: true } as const;

export async function deliveryRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(app, services, 'instantDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_number, pickup_date: null, description: body.description };
    const receiver = { address: body.dilivery_address, name: body.receiver_fullname, phone: body.receiver_number, delivery_date: null };
    const { data } = await book(services, request, 'instant_delivery', storeDelivery(sender, [receiver]));
    return { message: calls.instantDelivery.success, data };
  }, booking);

  contractRoute(app, services, 'scheduledDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_phone, pickup_date: body.pickup_date, description: body.description };
    const receiver = { address: body.delivery_address, name: body.receiver_fullname, phone: body.receiver_phone, delivery_date: body.delivery_date };
    const { data } = await book(services, request, 'scheduled_delivery', storeDelivery(sender, [receiver]));
    return { message: DELIVERY_CREATED, data };
  }, booking);

  contractRoute(app, services, 'bulkDelivery', async (request) => {
    const { body } = request;
    const sender = { pickup_address: body.pickup_address, sender_fullname: body.sender_fullname, sender_phone: body.sender_number, pickup_date: body.pickup_date, description: body.description };
    const receivers = body.receiver_details.map(({ address, name, phone, date }) => ({ address, name, phone, delivery_date: date }));
    const { data } = await book(services, request, 'bulk_delivery', storeDelivery(sender, receivers));
    return { message: BULK_DELIVERY_CREATED, data };
  }, booking);
}
