/**
 * The tariff seeded on first start, so `npm start` shows prices at once. Its figures are
 * examples (docs/prices.md): staff set the real ones at /staff/prices.
 */
import type { TariffRules } from '../../src/api/pricing';

const naira = (amount: number) => amount * 100;

const zones = [
  { id: 'lagos-island', name: 'Lagos Island', places: ['Lagos/Lagos Island', 'Lagos/Apapa'] },
  // The whole state: every Lagos LGA not in another zone.
  { id: 'lagos-mainland', name: 'Lagos Mainland', places: ['Lagos'] },
  { id: 'lekki-ajah', name: 'Lekki–Ajah', places: ['Lagos/Eti-Osa', 'Lagos/Ibeju-Lekki'] },
  { id: 'abuja', name: 'Abuja', places: ['FCT'] },
  { id: 'south-west', name: 'South-West', places: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'] },
  {
    id: 'north',
    name: 'North',
    places: ['Kaduna', 'Kano', 'Niger', 'Nasarawa', 'Plateau', 'Kwara', 'Kogi'],
  },
];

/** Parcel prices in naira between zones, either way round; null: price on request. */
const table: Array<[string, string, number | null]> = [
  ['lagos-island', 'lagos-island', 2_500],
  ['lagos-island', 'lagos-mainland', 3_500],
  ['lagos-island', 'lekki-ajah', 3_500],
  ['lagos-mainland', 'lagos-mainland', 3_000],
  ['lagos-mainland', 'lekki-ajah', 4_500],
  ['lekki-ajah', 'lekki-ajah', 2_500],
  ['abuja', 'abuja', 3_000],
  ['south-west', 'south-west', 6_000],
  ['north', 'north', 8_000],
  ['lagos-island', 'south-west', 9_000],
  ['lagos-mainland', 'south-west', 8_000],
  ['lekki-ajah', 'south-west', 10_000],
  ['lagos-island', 'abuja', 15_000],
  ['lagos-mainland', 'abuja', 15_000],
  ['lekki-ajah', 'abuja', 16_000],
  ['abuja', 'south-west', 14_000],
  ['abuja', 'north', 9_000],
  ['south-west', 'north', 16_000],
  ['lagos-island', 'north', null],
  ['lagos-mainland', 'north', null],
  ['lekki-ajah', 'north', null],
];

export const defaultTariff: TariffRules = {
  zones,
  routes: table.map(([from, to, amount]) => ({
    from,
    to,
    amount_kobo: amount === null ? null : naira(amount),
  })),
  deliver_now_surcharge_kobo: naira(1_500),
  extra_receiver_kobo: naira(1_000),
  move_route_factor: 20,
  apartment_kobo: {
    Studio: naira(60_000),
    '1 Bedroom': naira(90_000),
    '2 Bedrooms': naira(140_000),
    '3 Bedrooms': naira(190_000),
    Penthouse: naira(300_000),
    'Storey Building': naira(350_000),
    Duplex: naira(300_000),
    Terrace: naira(200_000),
    Bungalow: naira(180_000),
    'Mini flat': naira(80_000),
    Apartment: naira(120_000),
  },
  per_room_kobo: naira(25_000),
  per_floor_kobo: naira(7_500),
  service_kobo: {
    packing_and_loading: naira(40_000),
    unpacking_and_arranging: naira(35_000),
    just_moving: 0,
  },
  band_low_percent: 90,
  band_high_percent: 110,
};
