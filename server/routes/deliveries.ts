/** Delivery bookings: instant, scheduled, and bulk; the booking itself is ../orders/delivery-bookings.ts. */
import type { FastifyInstance } from 'fastify';
import { BULK_DELIVERY_CREATED, calls, DELIVERY_CREATED } from '../../src/api/contract';
import type { RoutesOptions } from '../services';
import {
  bookBulkDelivery,
  bookInstantDelivery,
  bookScheduledDelivery,
} from '../orders/delivery-bookings';
import { bookerOf, contractRoute } from './contract-route';

const booking = { booking: true } as const;

export async function deliveryRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  contractRoute(
    app,
    services,
    'instantDelivery',
    async (request) => {
      const { data } = await bookInstantDelivery(services, bookerOf(request), request.body);
      return { message: calls.instantDelivery.success, data };
    },
    booking,
  );

  contractRoute(
    app,
    services,
    'scheduledDelivery',
    async (request) => {
      const { data } = await bookScheduledDelivery(services, bookerOf(request), request.body);
      return { message: DELIVERY_CREATED, data };
    },
    booking,
  );

  contractRoute(
    app,
    services,
    'bulkDelivery',
    async (request) => {
      const { data } = await bookBulkDelivery(services, bookerOf(request), request.body);
      return { message: BULK_DELIVERY_CREATED, data };
    },
    booking,
  );
}
