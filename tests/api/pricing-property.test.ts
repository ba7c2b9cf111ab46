/**
 * For random valid forms, the browser's preview (the price function over the published tariff,
 * as the site runs it) equals the server's price: POST prices/estimate against the real server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  fiveStepApartmentTypes,
  relocationServices,
  serviceTypes,
  threeStepApartmentTypes,
  threeStepFloors,
  threeStepRoomCounts,
  type PublishedTariff,
} from '../../src/api/contract';
import { priceOf, type Price, type PriceRequest } from '../../src/api/pricing';
import { startTestServer, type TestServer } from '../support/server';
import { get, post } from '../support/api';

let server: TestServer;
let tariff: PublishedTariff;
beforeAll(async () => {
  server = await startTestServer();
  tariff = (await get(server, 'prices/tariff')).body.data;
});
afterAll(async () => {
  await server?.close();
});

/** The server's answer in the preview's terms. */
function asPrice(data: Record<string, unknown>): Price {
  if ('incomplete' in data) return { kind: 'incomplete' };
  if ('on_request' in data) return { kind: 'on_request', version: data.version as number };
  if ('amount_kobo' in data)
    return {
      kind: 'price',
      version: data.version as number,
      amount_kobo: data.amount_kobo as number,
    };
  return {
    kind: 'estimate',
    version: data.version as number,
    low_kobo: data.low_kobo as number,
    high_kobo: data.high_kobo as number,
  };
}

it('the preview and the server agree on every random form', async () => {
  // Places mostly from the zones (priced), the rest from anywhere in the list (often on request), some left out.
  const lagos = tariff.places.find((place) => place.state === 'Lagos')!;
  const anyPlace = fc
    .constantFrom(...tariff.places)
    .chain((place) => fc.constantFrom(...place.lgas).map((lga) => ({ state: place.state, lga })));
  const lagosPlace = fc.constantFrom(...lagos.lgas).map((lga) => ({ state: 'Lagos', lga }));
  const place = fc.oneof(
    { weight: 3, arbitrary: lagosPlace },
    { weight: 2, arbitrary: anyPlace },
    { weight: 1, arbitrary: fc.constant({ state: '', lga: '' }) },
  );
  const services = fc
    .subarray(
      relocationServices.map((service) => service.id),
      { minLength: 1 },
    )
    .map((ids) => ids.join(','));
  const form = fc.record({
    service_type: fc.constantFrom(...serviceTypes),
    pickup: place,
    delivery: place,
    receivers: fc.array(place, { minLength: 1, maxLength: 5 }),
    apartment: fc.constantFrom(...threeStepApartmentTypes, ...fiveStepApartmentTypes),
    rooms: fc.constantFrom(...threeStepRoomCounts),
    from_floor: fc.constantFrom(...threeStepFloors),
    to_floor: fc.constantFrom(...threeStepFloors),
    services,
  });
  await fc.assert(
    fc.asyncProperty(form, async (f) => {
      const request = {
        service_type: f.service_type,
        pickup_state: f.pickup.state,
        pickup_lga: f.pickup.lga,
        delivery_state: f.delivery.state,
        delivery_lga: f.delivery.lga,
        receiver_details: f.receivers,
        moving_from_state: f.pickup.state,
        moving_from_lga: f.pickup.lga,
        moving_to_state: f.delivery.state,
        moving_to_lga: f.delivery.lga,
        moving_from_apartment_type: f.apartment,
        number_of_room_moving_from: f.rooms,
        aptFloor: f.from_floor,
        toAptFloor: f.to_floor,
        Services: f.services,
      };
      const answer = await post(server, 'prices/estimate', request);
      expect(answer.status).toBe(200);
      expect(asPrice(answer.body.data)).toEqual(priceOf(tariff, request as PriceRequest));
    }),
    { numRuns: 150 },
  );
});
