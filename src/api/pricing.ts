/**
 * The price of an order from the published tariff: one pure function that the browser runs for
 * the preview and the server runs again at booking, so both always agree (docs/prices.md).
 * It is the one module besides the contract that the server shares with the site
 * (docs/architecture.md). Money is integer kobo; every result is rounded to whole naira.
 */
import type { RelocationServiceId } from './contract/rules';

/** A zone's places: a whole state ("Ogun") or one LGA of a state ("Lagos/Eti-Osa"). */
export const placeKey = (state: string, lga?: string) => (lga ? `${state}/${lga}` : state);

export interface TariffZone {
  id: string;
  name: string;
  places: string[];
}

/** The price of a parcel between two zones, either way round; null: "price on request". */
export interface TariffRoute {
  from: string;
  to: string;
  amount_kobo: number | null;
}

export interface TariffRules {
  zones: TariffZone[];
  routes: TariffRoute[];
  /** Deliver Now costs this much more than Scheduled. */
  deliver_now_surcharge_kobo: number;
  /** Bulk: the dearest receiver's route, plus this for each receiver after the first. */
  extra_receiver_kobo: number;
  /** A move's trip costs this many times the parcel price of its zone pair (a truck, not a bike). */
  move_route_factor: number;
  /** A move by the apartment type moved from: a base, plus a price per room. */
  apartment_kobo: Record<string, number>;
  per_room_kobo: number;
  /** Per floor above the ground, at each end. */
  per_floor_kobo: number;
  service_kobo: Record<RelocationServiceId, number>;
  /** The estimate's band around its middle figure, in percent (90 and 115: −10 % to +15 %). */
  band_low_percent: number;
  band_high_percent: number;
}

export interface Tariff extends TariffRules {
  version: number;
}

/** Where an order goes from and to, as the wire names them; all optional, as in the contract. */
export interface DeliveryPlaces {
  service_type: 'instant_delivery' | 'scheduled_delivery';
  pickup_state?: string;
  pickup_lga?: string;
  delivery_state?: string;
  delivery_lga?: string;
}
export interface BulkPlaces {
  service_type: 'bulk_delivery';
  pickup_state?: string;
  pickup_lga?: string;
  receiver_details: Array<{ state?: string; lga?: string }>;
}
export interface MovePlaces {
  service_type: 'local_service' | 'office_service' | 'state_service';
  moving_from_state?: string;
  moving_from_lga?: string;
  moving_to_state?: string;
  moving_to_lga?: string;
  moving_from_apartment_type?: string;
  number_of_room_moving_from?: string;
  aptFloor?: string;
  toAptFloor?: string;
  /** Comma-separated service ids, as on the wire. */
  Services?: string;
}
export type PriceRequest = DeliveryPlaces | BulkPlaces | MovePlaces;

export type Price =
  /** Not every place (or, for a move, the home) is chosen yet. */
  | { kind: 'incomplete' }
  | { kind: 'on_request'; version: number }
  | { kind: 'price'; version: number; amount_kobo: number }
  | { kind: 'estimate'; version: number; low_kobo: number; high_kobo: number };

/** Kobo to the nearest whole naira, halves up. */
export const roundToNaira = (kobo: number) => Math.round(kobo / 100) * 100;

/** The zone of a place: its LGA's own zone first, else its state's. */
export function zoneOf(tariff: TariffRules, state: string, lga: string): string | null {
  const own = placeKey(state, lga);
  let byState: string | null = null;
  for (const zone of tariff.zones) {
    for (const place of zone.places) {
      if (place === own) return zone.id;
      if (place === state) byState ??= zone.id;
    }
  }
  return byState;
}

/** The parcel price between two places: a number, null when on request or outside every zone. */
function routePrice(
  tariff: TariffRules,
  from: [string, string],
  to: [string, string],
): number | null {
  const a = zoneOf(tariff, ...from);
  const b = zoneOf(tariff, ...to);
  if (a === null || b === null) return null;
  const route = tariff.routes.find(
    (r) => (r.from === a && r.to === b) || (r.from === b && r.to === a),
  );
  return route?.amount_kobo ?? null;
}

const place = (state: string | undefined, lga: string | undefined): [string, string] | null =>
  state && lga ? [state, lga] : null;

/** "Ground" → 0, "2nd" → 2, "4th+" → 4; unknown → 0. */
const floorsAbove = (floor: string | undefined) => Number.parseInt(floor ?? '', 10) || 0;
/** "5+" → 5. */
const roomsOf = (rooms: string | undefined) => Number.parseInt(rooms ?? '', 10) || 0;

/**
 * The tariff's own entry for a name the customer chose, never one an object inherits: read as a
 * plain key, `constructor` or `toString` found a function and priced the move at null.
 */
const ownEntry = (table: Record<string, number>, name: string): number | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;

export function priceOf(tariff: Tariff, request: PriceRequest): Price {
  const { version } = tariff;
  if (request.service_type === 'bulk_delivery') {
    const from = place(request.pickup_state, request.pickup_lga);
    const receivers = request.receiver_details.map((receiver) =>
      place(receiver.state, receiver.lga),
    );
    if (!from || receivers.length === 0 || receivers.some((to) => to === null))
      return { kind: 'incomplete' };
    let dearest = 0;
    for (const to of receivers) {
      const amount = routePrice(tariff, from, to!);
      if (amount === null) return { kind: 'on_request', version };
      dearest = Math.max(dearest, amount);
    }
    return {
      kind: 'price',
      version,
      amount_kobo: roundToNaira(dearest + tariff.extra_receiver_kobo * (receivers.length - 1)),
    };
  }
  if (
    request.service_type === 'instant_delivery' ||
    request.service_type === 'scheduled_delivery'
  ) {
    const from = place(request.pickup_state, request.pickup_lga);
    const to = place(request.delivery_state, request.delivery_lga);
    if (!from || !to) return { kind: 'incomplete' };
    const amount = routePrice(tariff, from, to);
    if (amount === null) return { kind: 'on_request', version };
    const surcharge =
      request.service_type === 'instant_delivery' ? tariff.deliver_now_surcharge_kobo : 0;
    return { kind: 'price', version, amount_kobo: roundToNaira(amount + surcharge) };
  }
  return moveEstimate(tariff, request as MovePlaces);
}

function moveEstimate(tariff: Tariff, request: MovePlaces): Price {
  const { version } = tariff;
  const from = place(request.moving_from_state, request.moving_from_lga);
  const to = place(request.moving_to_state, request.moving_to_lga);
  const rooms = roomsOf(request.number_of_room_moving_from);
  const apartment = request.moving_from_apartment_type;
  if (!from || !to || !apartment || rooms === 0) return { kind: 'incomplete' };
  const route = routePrice(tariff, from, to);
  const home = ownEntry(tariff.apartment_kobo, apartment);
  if (route === null || home === undefined) return { kind: 'on_request', version };
  const floors = floorsAbove(request.aptFloor) + floorsAbove(request.toAptFloor);
  const chosen = (request.Services ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean) as RelocationServiceId[];
  const services = [...new Set(chosen)].reduce(
    (sum, id) => sum + (ownEntry(tariff.service_kobo, id) ?? 0),
    0,
  );
  const middle =
    route * tariff.move_route_factor +
    home +
    tariff.per_room_kobo * rooms +
    tariff.per_floor_kobo * floors +
    services;
  return {
    kind: 'estimate',
    version,
    low_kobo: roundToNaira((middle * tariff.band_low_percent) / 100),
    high_kobo: roundToNaira((middle * tariff.band_high_percent) / 100),
  };
}

/** What is wrong with a tariff, keyed like the wire (`routes.3.amount_kobo`); empty when it may be saved. */
export function tariffProblems(tariff: TariffRules): Record<string, string> {
  const problems: Record<string, string> = {};
  const money = (key: string, value: unknown) => {
    if (typeof value !== 'number' || !Number.isInteger(value))
      problems[key] = 'Enter a whole amount.';
    else if (value < 0) problems[key] = 'Prices cannot be negative.';
  };
  const ids = tariff.zones.map((zone) => zone.id);
  tariff.zones.forEach((zone, index) => {
    if (!zone.name.trim()) problems[`zones.${index}.name`] = 'Name the zone.';
    if (ids.indexOf(zone.id) !== index) problems[`zones.${index}.id`] = 'Two zones share this id.';
  });
  tariff.routes.forEach((route, index) => {
    if (route.amount_kobo !== null) money(`routes.${index}.amount_kobo`, route.amount_kobo);
  });
  ids.forEach((a, i) =>
    ids.slice(i).forEach((b) => {
      const covered = tariff.routes.some(
        (r) => (r.from === a && r.to === b) || (r.from === b && r.to === a),
      );
      if (!covered)
        problems[`routes.${a}.${b}`] = 'Give this pair a price or mark it "price on request".';
    }),
  );
  money('deliver_now_surcharge_kobo', tariff.deliver_now_surcharge_kobo);
  money('extra_receiver_kobo', tariff.extra_receiver_kobo);
  money('per_room_kobo', tariff.per_room_kobo);
  money('per_floor_kobo', tariff.per_floor_kobo);
  money('move_route_factor', tariff.move_route_factor);
  for (const [type, amount] of Object.entries(tariff.apartment_kobo))
    money(`apartment_kobo.${type}`, amount);
  for (const [id, amount] of Object.entries(tariff.service_kobo))
    money(`service_kobo.${id}`, amount);
  money('band_low_percent', tariff.band_low_percent);
  money('band_high_percent', tariff.band_high_percent);
  if (tariff.band_low_percent > tariff.band_high_percent)
    problems.band_high_percent = 'The high end cannot be below the low end.';
  return problems;
}
