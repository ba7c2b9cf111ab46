import * as z from 'zod/mini';
import {
  apartmentType,
  define,
  errorResponse,
  orderEstimate,
  orderPrice,
  floor,
  placeName,
  preprocess,
  requiredText,
  roomCount,
  servicesField,
  serviceTypes,
  MAX_RECEIVERS,
} from './rules';

// ---------------------------------------------------------------------------------------------
// Prices (docs/prices.md): the tariff staff edit, and the estimate of an order before booking.

/** A tariff amount: whole kobo, never negative. */
const tariffKobo = z
  .number({ error: 'Enter a whole amount.' })
  .check(
    z.int('Enter a whole amount.'),
    z.minimum(0, 'Prices cannot be negative.'),
    z.maximum(100_000_000_000, 'This amount is too large.'),
  );
const percent = z
  .number({ error: 'Enter a percentage.' })
  .check(
    z.int('Enter a whole percentage.'),
    z.minimum(0, 'Percentages cannot be negative.'),
    z.maximum(1000, 'Keep percentages at 1000 or below.'),
  );
const zoneId = z
  .string({ error: 'Name the zone.' })
  .check(
    z.trim(),
    z.minLength(1, 'Name the zone.'),
    z.maxLength(60, 'Keep zone names to 60 characters.'),
  );

export const tariffRules = z.object({
  zones: z
    .array(
      z.object({
        id: zoneId,
        name: requiredText('Name the zone.', 80),
        places: z.array(z.string().check(z.maxLength(120))).check(z.maxLength(1000)),
      }),
    )
    .check(z.maxLength(60, 'At most 60 zones.')),
  routes: z
    .array(z.object({ from: zoneId, to: zoneId, amount_kobo: z.nullable(tariffKobo) }))
    .check(z.maxLength(2000)),
  deliver_now_surcharge_kobo: tariffKobo,
  extra_receiver_kobo: tariffKobo,
  move_route_factor: z
    .number({ error: 'Enter a whole number.' })
    .check(
      z.int('Enter a whole number.'),
      z.minimum(0, 'Cannot be negative.'),
      z.maximum(1000, 'Keep this at 1000 or below.'),
    ),
  apartment_kobo: z.record(z.string().check(z.maxLength(60)), tariffKobo),
  per_room_kobo: tariffKobo,
  per_floor_kobo: tariffKobo,
  service_kobo: z.object({
    packing_and_loading: tariffKobo,
    unpacking_and_arranging: tariffKobo,
    just_moving: tariffKobo,
  }),
  band_low_percent: percent,
  band_high_percent: percent,
});
export const tariffVersion = z
  .number({ error: 'Reload the prices and try again.' })
  .check(z.int(), z.minimum(1), z.maximum(2_000_000_000));
export const tariff = z.extend(tariffRules, { version: tariffVersion });
export type TariffBody = z.infer<typeof tariff>;

/** The published tariff: its rules and the places customers choose from (36 states and the FCT, their LGAs). */
export const publishedTariff = z.extend(tariff, {
  places: z.array(z.object({ state: z.string(), lgas: z.array(z.string()) })),
});
export type PublishedTariff = z.infer<typeof publishedTariff>;
export const publishedTariffResponse = z.object({ message: z.string(), data: publishedTariff });

/** The tariff as staff read it: who saved this version and when. */
export const staffTariff = z.extend(tariff, {
  saved_at: z.string(),
  saved_by: z.nullable(z.string()),
});
export type StaffTariff = z.infer<typeof staffTariff>;
export const staffTariffResponse = z.object({ message: z.string(), data: staffTariff });
/** The 409 of a save over a newer version: that version, so the editor shows it beside what was typed. */
export const tariffConflictResponse = z.extend(errorResponse, { data: staffTariff });

/** A choice the form may not have made yet: left out or empty, else one of the list. */
const unchosen = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

/** The places of an order and what its price depends on; the body of a booking with its `service_type` does. */
export const estimateRequest = z.object({
  service_type: z.enum(serviceTypes, { error: 'Choose a service.' }),
  pickup_state: placeName,
  pickup_lga: placeName,
  delivery_state: placeName,
  delivery_lga: placeName,
  receiver_details: z.optional(
    z.array(z.object({ state: placeName, lga: placeName })).check(z.maxLength(MAX_RECEIVERS)),
  ),
  moving_from_state: placeName,
  moving_from_lga: placeName,
  moving_to_state: placeName,
  moving_to_lga: placeName,
  // The lists of a booking (./quotes.ts), so a price is only ever looked up by a listed value: free
  // text read as a key once found `constructor` and `__proto__` in the tariff, and an unbounded
  // room count priced a move above 2^53 kobo.
  moving_from_apartment_type: unchosen(apartmentType),
  number_of_room_moving_from: unchosen(roomCount),
  aptFloor: unchosen(floor),
  toAptFloor: unchosen(floor),
  Services: unchosen(servicesField),
});
export const estimateResult = z.union([
  orderPrice,
  orderEstimate,
  z.object({ version: z.number(), on_request: z.literal(true) }),
  z.object({ incomplete: z.literal(true) }),
]);
export type EstimateResult = z.infer<typeof estimateResult>;
export const estimateResponse = z.object({ message: z.string(), data: estimateResult });

export const priceCalls = define({
  tariff: {
    method: 'GET',
    path: 'prices/tariff',
    body: 'none',
    auth: 'none',
    request: null,
    response: publishedTariffResponse,
    success: 'Tariff found',
    fallback: null,
  },
  estimate: {
    method: 'POST',
    path: 'prices/estimate',
    body: 'json',
    auth: 'none',
    request: estimateRequest,
    response: estimateResponse,
    success: 'Estimate',
    fallback: null,
  },
  staffTariff: {
    method: 'GET',
    path: 'staff/prices',
    body: 'none',
    auth: 'staff',
    request: null,
    response: staffTariffResponse,
    success: 'Tariff found',
    fallback: null,
  },
  staffSaveTariff: {
    method: 'PUT',
    path: 'staff/prices',
    body: 'json',
    auth: 'staff',
    request: tariff,
    response: staffTariffResponse,
    success: 'Tariff saved',
    fallback: null,
    conflict: tariffConflictResponse,
  },
});
