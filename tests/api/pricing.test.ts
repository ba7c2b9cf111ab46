/**
 * The price function (src/api/pricing.ts) against cases worked out by hand from the tariff rules
 * (docs/prices.md): every zone pair both ways, Deliver Now's surcharge, bulk receivers, every
 * apartment type and service, floors at each end, the band, and rounding to whole naira.
 */
import { describe, expect, it } from 'vitest';
import { priceOf, roundToNaira, tariffProblems, zoneOf, type Tariff } from '../../src/api/pricing';

/** A small tariff with round figures, so each expected price below is easy to check by hand. */
const tariff: Tariff = {
  version: 7,
  zones: [
    { id: 'island', name: 'Island', places: ['Lagos/Lagos Island'] },
    { id: 'mainland', name: 'Mainland', places: ['Lagos'] },
    { id: 'lekki', name: 'Lekki', places: ['Lagos/Eti-Osa'] },
    { id: 'abuja', name: 'Abuja', places: ['FCT'] },
  ],
  routes: [
    { from: 'island', to: 'island', amount_kobo: 100_000 },
    { from: 'island', to: 'mainland', amount_kobo: 200_000 },
    { from: 'island', to: 'lekki', amount_kobo: 300_000 },
    { from: 'island', to: 'abuja', amount_kobo: 1_000_000 },
    { from: 'mainland', to: 'mainland', amount_kobo: 150_000 },
    { from: 'mainland', to: 'lekki', amount_kobo: 450_000 },
    { from: 'mainland', to: 'abuja', amount_kobo: null },
    { from: 'lekki', to: 'lekki', amount_kobo: 120_000 },
    { from: 'lekki', to: 'abuja', amount_kobo: 1_200_000 },
    { from: 'abuja', to: 'abuja', amount_kobo: 250_000 },
  ],
  deliver_now_surcharge_kobo: 150_000,
  extra_receiver_kobo: 50_000,
  move_route_factor: 10,
  apartment_kobo: { Studio: 5_000_000, Duplex: 30_000_000 },
  per_room_kobo: 2_000_000,
  per_floor_kobo: 500_000,
  service_kobo: {
    packing_and_loading: 4_000_000,
    unpacking_and_arranging: 3_000_000,
    just_moving: 0,
  },
  band_low_percent: 90,
  band_high_percent: 115,
};

const at: Record<string, [string, string]> = {
  island: ['Lagos', 'Lagos Island'],
  mainland: ['Lagos', 'Ikeja'],
  lekki: ['Lagos', 'Eti-Osa'],
  abuja: ['FCT', 'Abuja Municipal'],
};

const delivery = (
  service_type: 'instant_delivery' | 'scheduled_delivery',
  from: string,
  to: string,
) => ({
  service_type,
  pickup_state: at[from]![0],
  pickup_lga: at[from]![1],
  delivery_state: at[to]![0],
  delivery_lga: at[to]![1],
});

describe('zones', () => {
  it('an LGA of its own zone counts before its state; a state not in any zone has none', () => {
    expect(zoneOf(tariff, 'Lagos', 'Eti-Osa')).toBe('lekki');
    expect(zoneOf(tariff, 'Lagos', 'Ikeja')).toBe('mainland');
    expect(zoneOf(tariff, 'FCT', 'Bwari')).toBe('abuja');
    expect(zoneOf(tariff, 'Akwa Ibom', 'Uyo')).toBeNull();
  });
});

describe('instant and scheduled deliveries: every zone pair, both ways', () => {
  // [from, to, scheduled price in kobo, or null for on request]
  const pairs: Array<[string, string, number | null]> = [
    ['island', 'island', 100_000],
    ['island', 'mainland', 200_000],
    ['island', 'lekki', 300_000],
    ['island', 'abuja', 1_000_000],
    ['mainland', 'mainland', 150_000],
    ['mainland', 'lekki', 450_000],
    ['mainland', 'abuja', null],
    ['lekki', 'lekki', 120_000],
    ['lekki', 'abuja', 1_200_000],
    ['abuja', 'abuja', 250_000],
  ];
  for (const [from, to, scheduled] of pairs) {
    for (const [a, b] of [
      [from, to],
      [to, from],
    ] as const) {
      it(`${a} → ${b}`, () => {
        if (scheduled === null) {
          expect(priceOf(tariff, delivery('scheduled_delivery', a, b))).toEqual({
            kind: 'on_request',
            version: 7,
          });
          expect(priceOf(tariff, delivery('instant_delivery', a, b))).toEqual({
            kind: 'on_request',
            version: 7,
          });
        } else {
          expect(priceOf(tariff, delivery('scheduled_delivery', a, b))).toEqual({
            kind: 'price',
            version: 7,
            amount_kobo: scheduled,
          });
          // Deliver Now: the surcharge on top.
          expect(priceOf(tariff, delivery('instant_delivery', a, b))).toEqual({
            kind: 'price',
            version: 7,
            amount_kobo: scheduled + 150_000,
          });
        }
      });
    }
  }

  it('Ikeja → Eti-Osa now: ₦4,500 and the ₦1,500 surcharge', () => {
    expect(priceOf(tariff, delivery('instant_delivery', 'mainland', 'lekki'))).toMatchObject({
      amount_kobo: 600_000,
    });
  });

  it('is on request outside every zone, and waits while a place is missing', () => {
    expect(
      priceOf(tariff, {
        service_type: 'scheduled_delivery',
        pickup_state: 'Lagos',
        pickup_lga: 'Ikeja',
        delivery_state: 'Akwa Ibom',
        delivery_lga: 'Uyo',
      }),
    ).toEqual({ kind: 'on_request', version: 7 });
    expect(
      priceOf(tariff, {
        service_type: 'scheduled_delivery',
        pickup_state: 'Lagos',
        pickup_lga: 'Ikeja',
        delivery_state: 'Lagos',
      }),
    ).toEqual({ kind: 'incomplete' });
    expect(
      priceOf(tariff, {
        service_type: 'instant_delivery',
        pickup_state: '',
        pickup_lga: '',
        delivery_state: '',
        delivery_lga: '',
      }),
    ).toEqual({ kind: 'incomplete' });
  });
});

describe('bulk deliveries', () => {
  const receiver = (zone: string) => ({ state: at[zone]![0], lga: at[zone]![1] });
  const bulk = (...zones: string[]) => ({
    service_type: 'bulk_delivery' as const,
    pickup_state: 'Lagos',
    pickup_lga: 'Ikeja',
    receiver_details: zones.map(receiver),
  });

  it.each([
    [['lekki'], 450_000],
    [['island', 'lekki'], 450_000 + 50_000],
    [['island', 'island', 'mainland'], 200_000 + 2 * 50_000],
    [['mainland', 'lekki', 'island', 'lekki'], 450_000 + 3 * 50_000],
  ])('receivers in %j: the dearest route plus each extra receiver', (zones, expected) => {
    expect(priceOf(tariff, bulk(...zones))).toEqual({
      kind: 'price',
      version: 7,
      amount_kobo: expected,
    });
  });

  it('is on request when any receiver is, and waits while a receiver has no place', () => {
    expect(priceOf(tariff, bulk('island', 'abuja'))).toEqual({ kind: 'on_request', version: 7 });
    expect(
      priceOf(tariff, {
        ...bulk('island'),
        receiver_details: [receiver('island'), { state: 'Lagos' }],
      }),
    ).toEqual({ kind: 'incomplete' });
    expect(priceOf(tariff, bulk())).toEqual({ kind: 'incomplete' });
  });
});

describe('moves', () => {
  const move = (overrides: Record<string, string> = {}) => ({
    service_type: 'state_service' as const,
    moving_from_state: 'Lagos',
    moving_from_lga: 'Lagos Island',
    moving_to_state: 'Lagos',
    moving_to_lga: 'Ikeja',
    moving_from_apartment_type: 'Studio',
    number_of_room_moving_from: '1',
    aptFloor: 'Ground',
    toAptFloor: 'Ground',
    Services: 'just_moving',
    ...overrides,
  });
  /** The middle figure: trip (route × 10) + apartment + rooms + floors + services. */
  const band = (middle: number) => ({
    kind: 'estimate',
    version: 7,
    low_kobo: roundToNaira(middle * 0.9),
    high_kobo: roundToNaira(middle * 1.15),
  });

  it.each([
    ['a studio, one room, ground floors, just moving', {}, 2_000_000 + 5_000_000 + 2_000_000],
    ['a duplex', { moving_from_apartment_type: 'Duplex' }, 2_000_000 + 30_000_000 + 2_000_000],
    ['three rooms', { number_of_room_moving_from: '3' }, 2_000_000 + 5_000_000 + 6_000_000],
    [
      '"5+" rooms count as five',
      { number_of_room_moving_from: '5+' },
      2_000_000 + 5_000_000 + 10_000_000,
    ],
    ['2nd floor at the start', { aptFloor: '2nd' }, 9_000_000 + 2 * 500_000],
    ['3rd floor at the end', { toAptFloor: '3rd' }, 9_000_000 + 3 * 500_000],
    ['"4th+" at both ends', { aptFloor: '4th+', toAptFloor: '4th+' }, 9_000_000 + 8 * 500_000],
    ['packing and loading', { Services: 'packing_and_loading' }, 9_000_000 + 4_000_000],
    ['unpacking and arranging', { Services: 'unpacking_and_arranging' }, 9_000_000 + 3_000_000],
    [
      'every service, one repeated',
      { Services: 'packing_and_loading,unpacking_and_arranging,just_moving,packing_and_loading' },
      9_000_000 + 7_000_000,
    ],
    [
      'to Abuja from the island: a long trip',
      { moving_to_state: 'FCT', moving_to_lga: 'Bwari' },
      10_000_000 + 5_000_000 + 2_000_000,
    ],
  ])('%s', (_name, overrides, middle) => {
    expect(priceOf(tariff, move(overrides))).toEqual(band(middle));
  });

  it('is on request for an uncovered pair or an apartment type without a price', () => {
    expect(
      priceOf(
        tariff,
        move({ moving_from_lga: 'Ikeja', moving_to_state: 'FCT', moving_to_lga: 'Kuje' }),
      ),
    ).toEqual({ kind: 'on_request', version: 7 });
    expect(priceOf(tariff, move({ moving_from_apartment_type: 'Bungalow' }))).toEqual({
      kind: 'on_request',
      version: 7,
    });
  });

  it('waits for both places, the apartment type and the rooms', () => {
    expect(priceOf(tariff, move({ moving_to_lga: '' }))).toEqual({ kind: 'incomplete' });
    expect(priceOf(tariff, move({ moving_from_apartment_type: '' }))).toEqual({
      kind: 'incomplete',
    });
    expect(priceOf(tariff, move({ number_of_room_moving_from: '' }))).toEqual({
      kind: 'incomplete',
    });
  });
});

describe('rounding to whole naira', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 100],
    [149, 100],
    [150, 200],
    [123_456, 123_500],
  ])('%i kobo → %i', (kobo, rounded) => expect(roundToNaira(kobo)).toBe(rounded));

  it('rounds a delivery made of odd kobo, and the band of a move', () => {
    const odd = { ...tariff, deliver_now_surcharge_kobo: 12_345 };
    expect(priceOf(odd, delivery('instant_delivery', 'island', 'island'))).toMatchObject({
      amount_kobo: 112_300,
    });
    // 9,000,001 kobo × 0.9 = 8,100,000.9 → ₦81,000; × 1.15 = 10,350,001.15 → ₦103,500.
    const moved = priceOf(
      { ...tariff, per_room_kobo: 2_000_001 },
      {
        service_type: 'local_service',
        moving_from_state: 'Lagos',
        moving_from_lga: 'Lagos Island',
        moving_to_state: 'Lagos',
        moving_to_lga: 'Ikeja',
        moving_from_apartment_type: 'Studio',
        number_of_room_moving_from: '1',
        aptFloor: 'Ground',
        toAptFloor: 'Ground',
        Services: 'just_moving',
      },
    );
    expect(moved).toEqual({
      kind: 'estimate',
      version: 7,
      low_kobo: 8_100_000,
      high_kobo: 10_350_000,
    });
  });
});

describe('tariff checks', () => {
  it('passes the tariff above', () => expect(tariffProblems(tariff)).toEqual({}));
  it('refuses negative prices and an uncovered pair, each at its field', () => {
    const problems = tariffProblems({
      ...tariff,
      per_floor_kobo: -1,
      routes: tariff.routes.filter((route) => !(route.from === 'lekki' && route.to === 'abuja')),
    });
    expect(problems.per_floor_kobo).toMatch(/negative/);
    expect(problems['routes.lekki.abuja']).toMatch(/price on request/);
  });
  it('refuses a band whose high end is below its low end', () => {
    expect(tariffProblems({ ...tariff, band_high_percent: 80 }).band_high_percent).toBeDefined();
  });
});
