/**
 * Relocation quotes: inter-state, local and office, each with an optional photo. Each records the
 * estimate the tariff gives by its places and home (../money/order-price.ts); staff's offer
 * after inspection is the final price (docs/prices.md).
 */
import type { Insertable } from 'kysely';
import type { ParsedRequestOf, ServiceType } from '../../src/api/contract';
import type { QuotesTable } from '../db/database';
import type { ImageStore } from '../files/uploads';
import { bookingPrice, withDeclaredValue } from '../money/order-price';
import { book, bookingStatement, type Booked, type Booker, type BookingDeps } from './booking';
import { insertDetails } from './shipments';

const quoteStatement = bookingStatement(
  (
    withShipments,
    quotes: Array<{ reference: string; details: Omit<Insertable<QuotesTable>, 'shipment_id'> }>,
  ) =>
    withShipments.with('new_quote', (query) =>
      insertDetails(
        query,
        'quotes',
        quotes.map(({ reference, details }) => ({ reference, values: details })),
      ),
    ),
  (details) => details.mobile_phone,
);

export type QuoteServiceType = Extract<
  ServiceType,
  'state_service' | 'local_service' | 'office_service'
>;

/** A quote's photo, when the form carried one, and its sender: a form's session is looked up before its body is read (requireBooker, ../http/auth.ts). */
export interface QuotePhoto {
  bytes: Buffer;
  ownerId: number;
}

export async function bookQuote(
  services: BookingDeps & { images: ImageStore },
  booker: Booker,
  serviceType: QuoteServiceType,
  body: ParsedRequestOf<'stateService'>,
  photo: QuotePhoto | null,
): Promise<Booked> {
  // Priced first: a place not in the list is refused before a photo is kept.
  const price = await bookingPrice(services.db, { service_type: serviceType, ...body });
  const image = photo ? await services.images.save(photo.bytes, 'file', photo.ownerId) : null;
  // Optional fields left out arrive as undefined, which Kysely leaves out of the insert (stored as null).
  const { aptFloor, toAptFloor, Services: chosenServices, declared_value, ...quote } = body;
  const places = {
    moving_from_state: quote.moving_from_state || undefined,
    moving_from_lga: quote.moving_from_lga || undefined,
    moving_to_state: quote.moving_to_state || undefined,
    moving_to_lga: quote.moving_to_lga || undefined,
    // A landmark note left empty is none (issue 37).
    moving_from_landmark: quote.moving_from_landmark || undefined,
    moving_to_landmark: quote.moving_to_landmark || undefined,
  };
  const row = {
    ...quote,
    ...places,
    from_floor: aptFloor,
    to_floor: toAptFloor,
    services: chosenServices,
    image,
  };
  const booked = await book(
    services,
    booker,
    serviceType,
    quoteStatement,
    row,
    row.moving_date ?? null,
    withDeclaredValue(price, declared_value),
  ).catch(async (error: unknown) => {
    await services.images.remove(image);
    throw error;
  });
  // A retried submit keeps the first booking's photo, not this copy.
  if (booked.replayed) await services.images.remove(image);
  return booked;
}
