/** Relocation quotes: inter-state (JSON or multipart), local and office (multipart); the booking itself is ../orders/quote-bookings.ts. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import type { RoutesOptions } from '../services';
import { bookQuote, type QuoteServiceType } from '../orders/quote-bookings';
import { currentUser } from '../accounts/auth';
import { uploadedFile } from '../http/uploads';
import { bookerOf, contractRoute, type ContractRequest } from './contract-route';

/** One route per path: users/state-service takes both the JSON and the multipart form. */
const quoteCalls = [
  ['stateService', 'state_service'],
  ['localService', 'local_service'],
  ['officeService', 'office_service'],
] as const satisfies ReadonlyArray<readonly [keyof typeof calls, QuoteServiceType]>;

export async function quoteRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  for (const [name, serviceType] of quoteCalls) {
    contractRoute(
      app,
      services,
      name,
      async (request: ContractRequest<typeof name>) => {
        const file = uploadedFile(request, 'file');
        // A photo comes in a form, whose session the guard looked up (requireBooker, ../http/auth.ts).
        const photo = file && { bytes: file, ownerId: currentUser(request).id };
        const booked = await bookQuote(
          services,
          bookerOf(request),
          serviceType,
          request.body,
          photo,
        );
        return { message: calls[name].success, data: booked.data };
      },
      { booking: true },
    );
  }
}
