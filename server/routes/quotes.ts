/** Relocation quotes: inter-state (JSON or multipart), local and office (multipart), each with an optional image `file`. */
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { calls, type ServiceType } from '../../src/api/contract';
import { currentUser } from '../accounts/auth';
import type { RoutesOptions } from '../services';
import type { QuotesTable } from '../db/database';
import { insertDetails } from '../orders/shipments';
import { uploadedFile } from '../files/uploads';
import { book, bookingStatement } from './booking';
import { contractRoute, type ContractRequest } from './contract-route';

/** One route per path: users/state-service takes both the JSON and the multipart form. */
const quoteCalls = [
  ['stateService', 'state_service'],
  ['localService', 'local_service'],
  ['officeService', 'office_service'],
] as const satisfies ReadonlyArray<readonly [keyof typeof calls, ServiceType]>;

const quoteStatement = bookingStatement((withShipments, quotes: Array<{ reference: string; details: Omit<Insertable<QuotesTable>, 'shipment_id'> }>) =>
  withShipments.with('new_quote', (query) => insertDetails(query, 'quotes', quotes.map(({ reference, details }) => ({ reference, values: details })))),
);

export async function quoteRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  for (const [name, serviceType] of quoteCalls) {
    contractRoute(app, services, name, async (request: ContractRequest<typeof name>) => {
      const file = uploadedFile(request, 'file');
      let image: string | null = null;
      if (file) {
        // A photo comes in a form, whose session the guard looked up (requireBooker, ../accounts/auth.ts).
        image = await services.images.save(file, 'file', currentUser(request).id);
      }
      // Optional fields left out arrive as undefined, which Kysely leaves out of the insert (stored as null).
      const { aptFloor, toAptFloor, Services: chosenServices, ...quote } = request.body;
      const row = { ...quote, from_floor: aptFloor, to_floor: toAptFloor, services: chosenServices, image };
      const booked = await book(services, request, serviceType, quoteStatement, row).catch(async (error: unknown) => {
        await services.images.remove(image);
        throw error;
      });
      // A retried submit keeps the first booking's photo, not this copy.
      if (booked.replayed) await services.images.remove(image);
      return { message: calls[name].success, data: booked.data };
    }, { booking: true });
  }
}
