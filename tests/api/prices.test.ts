/**
 * Prices over HTTP (docs/prices.md): the published tariff, estimates, the staff-only tariff calls
 * with versions and their conflict, places checked at their fields, and bookings priced by the
 * server: a delivery's price accepted at once, a move's estimate recorded, both kept after the
 * tariff changes; a booking without places books as before, with no price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { currentTariff } from '../../server/money/tariff';
import {
  formatNaira,
  MAX_RECEIVERS,
  relocationServices,
  threeStepApartmentTypes,
  tariffRules,
} from '../../src/api/contract';
import { priceOf, type PriceRequest, type Tariff } from '../../src/api/pricing';
import { lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import {
  call,
  get,
  instantDelivery,
  post,
  quote,
  receiverDetail,
  scheduledDelivery,
  bulkDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
let customer: Customer;
let staff: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
  staff = await signUpStaff(server);
});
afterAll(async () => {
  await server?.close();
});

const ikejaToEtiOsa = {
  pickup_state: 'Lagos',
  pickup_lga: 'Ikeja',
  delivery_state: 'Lagos',
  delivery_lga: 'Eti-Osa',
};
const put = (body: unknown, token = staff.token) =>
  call(server, 'PUT', 'staff/prices', body as Record<string, unknown>, token);
const staffTariff = async () => (await get(server, 'staff/prices', staff.token)).body.data;
const order = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;

describe('the published tariff', () => {
  it('is public and cacheable, with its version and the 37 places of the official list', async () => {
    const answer = await get(server, 'prices/tariff');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('max-age');
    const { data } = answer.body;
    expect(data.version).toBeGreaterThanOrEqual(1);
    expect(data.places).toHaveLength(37);
    expect(
      data.places.reduce((sum: number, place: { lgas: string[] }) => sum + place.lgas.length, 0),
    ).toBe(774);
    const lgasOf = (state: string) =>
      data.places.find((place: { state: string }) => place.state === state)?.lgas;
    expect(lgasOf('Lagos')).toEqual(expect.arrayContaining(['Eti-Osa', 'Ikeja']));
    expect(lgasOf('FCT')).toContain('Abuja Municipal');
    expect(lgasOf('Akwa Ibom')).toBeDefined();
  });

  it('estimates a delivery as the browser would: the same price function over the same tariff', async () => {
    const { data: tariff } = (await get(server, 'prices/tariff')).body;
    const request = { service_type: 'instant_delivery' as const, ...ikejaToEtiOsa };
    const answer = await post(server, 'prices/estimate', request);
    expect(answer.status).toBe(200);
    const preview = priceOf(tariff, request);
    expect(preview.kind).toBe('price');
    expect(answer.body.data).toEqual({
      version: tariff.version,
      amount_kobo: (preview as { amount_kobo: number }).amount_kobo,
    });
  });

  it('answers "on request" for places outside every zone, and incomplete without places', async () => {
    const far = await post(server, 'prices/estimate', {
      service_type: 'scheduled_delivery',
      pickup_state: 'Lagos',
      pickup_lga: 'Ikeja',
      delivery_state: 'Akwa Ibom',
      delivery_lga: 'Uyo',
    });
    expect(far.body.data).toMatchObject({ on_request: true });
    const none = await post(server, 'prices/estimate', { service_type: 'scheduled_delivery' });
    expect(none.body.data).toEqual({ incomplete: true });
  });

  it.each([
    [{ pickup_state: 'Lagoss', pickup_lga: 'Ikeja' }, 'pickup_state'],
    [{ pickup_state: 'Lagos', pickup_lga: 'Abuja Municipal' }, 'pickup_lga'],
    [{ delivery_lga: 'Ikeja' }, 'delivery_state'],
  ])('refuses a place not in the list at its field (%j)', async (places, field) => {
    const answer = await post(server, 'prices/estimate', {
      service_type: 'scheduled_delivery',
      ...places,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? answer.body.data ?? {})).toContain(field);
  });
});

describe('an estimate asked with values off the lists', () => {
  const move = {
    service_type: 'local_service',
    moving_from_state: 'Lagos',
    moving_from_lga: 'Ikeja',
    moving_to_state: 'Lagos',
    moving_to_lga: 'Eti-Osa',
    moving_from_apartment_type: '2 Bedrooms',
    number_of_room_moving_from: '2',
    aptFloor: '1st',
    toAptFloor: 'Ground',
    Services: 'just_moving',
  };

  it('is a 422 at the field: names an object inherits, huge counts, floors and services off the list', async () => {
    for (const [field, value] of [
      ['moving_from_apartment_type', 'constructor'],
      ['moving_from_apartment_type', '__proto__'],
      ['moving_from_apartment_type', 'toString'],
      ['number_of_room_moving_from', '9999999999'],
      ['number_of_room_moving_from', '-1'],
      ['aptFloor', '99th'],
      ['toAptFloor', 'hasOwnProperty'],
      ['Services', 'constructor'],
      ['Services', 'just_moving,__proto__'],
    ] as const) {
      const answer = await post(server, 'prices/estimate', { ...move, [field]: value });
      expect(answer.status, `${field}=${value}: ${JSON.stringify(answer.body)}`).toBe(422);
      // At the field, or at the listed item of it (`Services.0`), as a booking's form says it.
      for (const key of Object.keys(answer.body.errors))
        expect(key.split('.')[0], `${field}=${value}`).toBe(field);
    }
  });

  it('prices the listed values, and leaves a choice not made yet incomplete', async () => {
    const priced = await post(server, 'prices/estimate', move);
    expect(priced.status).toBe(200);
    expect(priced.body.data).toMatchObject({
      low_kobo: expect.any(Number),
      high_kobo: expect.any(Number),
    });
    const open = await post(server, 'prices/estimate', { ...move, moving_from_apartment_type: '' });
    expect(open.body.data).toEqual({ incomplete: true });
    // The price function itself reads the tariff's own entries only, whoever calls it.
    const { data: published } = (await get(server, 'prices/tariff')).body;
    for (const inherited of ['toString', 'constructor', '__proto__'])
      expect(
        priceOf(published, { ...move, moving_from_apartment_type: inherited } as PriceRequest),
      ).toEqual({ kind: 'on_request', version: published.version });
  });

  it('never passes Number.MAX_SAFE_INTEGER kobo, for the largest tariff and order the contract allows', () => {
    const most = 100_000_000_000;
    const zone = { id: 'all', name: 'Everywhere', places: ['Lagos'] };
    const rules = {
      zones: [zone],
      routes: [{ from: 'all', to: 'all', amount_kobo: most }],
      deliver_now_surcharge_kobo: most,
      extra_receiver_kobo: most,
      move_route_factor: 1000,
      apartment_kobo: Object.fromEntries(threeStepApartmentTypes.map((type) => [type, most])),
      per_room_kobo: most,
      per_floor_kobo: most,
      service_kobo: { packing_and_loading: most, unpacking_and_arranging: most, just_moving: most },
      band_low_percent: 1000,
      band_high_percent: 1000,
    };
    expect(tariffRules.safeParse(rules).success).toBe(true);
    // One more anywhere is refused, so these are the largest.
    expect(tariffRules.safeParse({ ...rules, per_room_kobo: most + 1 }).success).toBe(false);
    expect(tariffRules.safeParse({ ...rules, move_route_factor: 1001 }).success).toBe(false);
    expect(tariffRules.safeParse({ ...rules, band_high_percent: 1001 }).success).toBe(false);
    const tariff: Tariff = { ...rules, version: 1 };
    const lagos = { state: 'Lagos', lga: 'Ikeja' };
    const prices = [
      priceOf(tariff, {
        service_type: 'instant_delivery',
        pickup_state: 'Lagos',
        pickup_lga: 'Ikeja',
        delivery_state: 'Lagos',
        delivery_lga: 'Ikeja',
      }),
      priceOf(tariff, {
        service_type: 'bulk_delivery',
        pickup_state: 'Lagos',
        pickup_lga: 'Ikeja',
        receiver_details: Array.from({ length: MAX_RECEIVERS }, () => lagos),
      }),
      priceOf(tariff, {
        ...move,
        service_type: 'state_service',
        moving_from_apartment_type: 'Penthouse',
        number_of_room_moving_from: '5+',
        aptFloor: '4th+',
        toAptFloor: '4th+',
        Services: relocationServices.map((service) => service.id).join(','),
      }),
    ];
    const amounts = prices.flatMap((price) =>
      price.kind === 'price'
        ? [price.amount_kobo]
        : price.kind === 'estimate'
          ? [price.low_kobo, price.high_kobo]
          : [],
    );
    expect(amounts).toHaveLength(4);
    for (const amount of amounts) expect(Number.isSafeInteger(amount), String(amount)).toBe(true);
  });
});

describe('the tariff staff edit', () => {
  it('is for staff only', async () => {
    expect((await get(server, 'staff/prices')).status).toBe(401);
    expect((await get(server, 'staff/prices', customer.token)).status).toBe(403);
    const tariff = await staffTariff();
    expect((await put(tariff, customer.token)).status).toBe(403);
  });

  it('saves a new version, refuses a negative price at its field, and answers 409 with the newer version on an older one', async () => {
    const read = await staffTariff();
    const negative = { ...read, per_floor_kobo: -100 };
    const refused = await put(negative);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('per_floor_kobo');

    const saved = await put({ ...read, per_floor_kobo: read.per_floor_kobo + 100 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(read.version + 1);

    const stale = await put({ ...read, per_floor_kobo: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.version).toBe(read.version + 1);
    expect(stale.body.data.per_floor_kobo).toBe(read.per_floor_kobo + 100);
  });

  it('refuses a zone pair left without a price or "price on request"', async () => {
    const read = await staffTariff();
    const answer = await put({ ...read, routes: read.routes.slice(1) });
    expect(answer.status).toBe(422);
  });
});

describe('bookings priced by the server', () => {
  it('a delivery with places gets its price accepted at once, kept after the tariff changes', async () => {
    const before = (
      await post(server, 'prices/estimate', { service_type: 'instant_delivery', ...ikejaToEtiOsa })
    ).body.data;
    const booked = await post(
      server,
      'users/StoreDilivery',
      { ...instantDelivery(), ...ikejaToEtiOsa },
      customer.token,
    );
    expect(booked.status).toBe(200);
    const reference = booked.body.data.reference_number;
    const first = await order(reference);
    expect(first.price).toEqual(before);
    expect(first.offer).toMatchObject({
      state: 'accepted',
      amount_kobo: before.amount_kobo,
      note: `Price from the tariff, version ${before.version}.`,
    });
    // Ready to pay: the money side reads the accepted price as any accepted offer's.
    expect(first.payment).toMatchObject({
      price_kobo: before.amount_kobo,
      paid_kobo: 0,
      balance_kobo: before.amount_kobo,
    });
    const mail = await lastMailTo(server, customer.email);
    expect(mail?.text).toContain(`Price: ${formatNaira(before.amount_kobo)}, accepted at booking.`);

    // Staff raise every pair by ₦1,000.
    const read = await staffTariff();
    const raised = {
      ...read,
      routes: read.routes.map((route: { amount_kobo: number | null }) => ({
        ...route,
        amount_kobo: route.amount_kobo === null ? null : route.amount_kobo + 100_000,
      })),
    };
    expect((await put(raised)).status).toBe(200);

    const again = await post(
      server,
      'users/StoreDilivery',
      { ...instantDelivery(), ...ikejaToEtiOsa },
      customer.token,
    );
    const second = await order(again.body.data.reference_number);
    expect(second.price.amount_kobo).toBe(before.amount_kobo + 100_000);
    expect(second.price.version).toBe(read.version + 1);
    expect((await order(reference)).price).toEqual(before);
  });

  it('a delivery without places books as before, with no price and no offer', async () => {
    const booked = await post(
      server,
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
    );
    expect(booked.status).toBe(200);
    const stored = await order(booked.body.data.reference_number);
    expect(stored.price).toBeNull();
    expect(stored.offer).toBeNull();
    expect(stored.payment).toBeNull();
  });

  it('refuses a booking whose LGA is of another state at that field, and stores nothing', async () => {
    const answer = await post(
      server,
      'users/StoreDilivery',
      { ...instantDelivery(), ...ikejaToEtiOsa, delivery_lga: 'Bwari' },
      customer.token,
    );
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('delivery_lga');
  });

  it('a bulk delivery: the dearest receiver plus the price of each extra one', async () => {
    const receivers = [
      { ...receiverDetail(0), state: 'Lagos', lga: 'Eti-Osa' },
      { ...receiverDetail(1), state: 'Lagos', lga: 'Lagos Island' },
    ];
    const body = {
      ...bulkDelivery(),
      pickup_state: 'Lagos',
      pickup_lga: 'Ikeja',
      receiver_details: receivers,
    };
    const expected = (
      await post(server, 'prices/estimate', { service_type: 'bulk_delivery', ...body })
    ).body.data;
    const booked = await post(server, 'users/bulk/delivery', body, customer.token);
    expect(booked.status).toBe(200);
    expect((await order(booked.body.data.reference_number)).price).toEqual(expected);
  });

  it('a move records its estimate, a band, and no offer: staff price it after inspection', async () => {
    const places = {
      moving_from_state: 'Lagos',
      moving_from_lga: 'Ikeja',
      moving_to_state: 'FCT',
      moving_to_lga: 'Abuja Municipal',
    };
    const body = { ...quote(), ...places };
    const expected = (
      await post(server, 'prices/estimate', { service_type: 'state_service', ...body })
    ).body.data;
    expect(expected.low_kobo).toBeLessThan(expected.high_kobo);
    const booked = await post(server, 'users/state-service', body, customer.token);
    expect(booked.status).toBe(200);
    const stored = await order(booked.body.data.reference_number);
    expect(stored.estimate).toEqual(expected);
    expect(stored.offer).toBeNull();
    // Booked without a photo: the order shows none.
    expect(stored.details.photos).toEqual([]);
    const staffView = (
      await get(server, `staff/orders/${booked.body.data.reference_number}`, staff.token)
    ).body.data;
    expect(staffView.estimate).toEqual(expected);
    const mail = await lastMailTo(server, customer.email);
    expect(mail?.text).toContain(
      `Estimate: ${formatNaira(expected.low_kobo)} – ${formatNaira(expected.high_kobo)}, final price after inspection.`,
    );
  });
});

describe('the tariff each server keeps in memory', () => {
  it('is read again five seconds after it was read, so a save by another server reaches this one', async () => {
    const db = server.app.db;
    const readAt = Date.now() + 60_000; // later than any read the tests above made
    const held = await currentTariff(db, readAt);
    // Another server saves: the next version lands in the database without passing through here.
    const { version, saved_at: _at, saved_by: _by, ...rules } = held;
    await db
      .insertInto('tariffs')
      .values({ version: version + 1, rules: sql`${JSON.stringify(rules)}::jsonb` })
      .execute();
    expect((await currentTariff(db, readAt + 4_999)).version).toBe(version);
    expect((await currentTariff(db, readAt + 5_000)).version).toBe(version + 1);
  });
});
