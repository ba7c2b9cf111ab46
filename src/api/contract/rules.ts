/**
 * What every area of the contract shares (./index): the field rules users expect, the choice
 * lists, statuses and their labels, money, and the shape of a call.
 */
import * as z from 'zod/mini';

// zod/mini rather than zod: the same checks and messages at a third of the size in every form's
// first load (docs/architecture.md, "What a route loads"). Every check a user can fail carries the
// contract's own message, so the browser loads none of zod's English ones (1.3 KB gzipped on every
// form page); the server adds them (server/app.ts) for the answers of calls made without the site.
// ---------------------------------------------------------------------------------------------
// Field rules users expect (docs/product.md), with the messages shown under the field.

export const PASSWORD_TOO_LONG = 'Keep your password under 128 characters.';
export const GENERIC_ERROR = 'An error occurred. Please try again.';
export const QUOTE_ERROR = 'An error occurred while submitting the quote.';

/** A number as stored: E.164, +234 and the 10 digits of the national number. */
const PHONE_PATTERN = /^\+234\d{10}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Terminal escape sequences (ESC [ … final byte), which can recolour or rewrite what a console shows. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ESCAPE_SEQUENCE = /\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/g;
/**
 * Characters that change how text reads without being seen: control characters (tab and line
 * break aside), bidi controls (U+202E shows a line backwards), zero-width and other invisible
 * format characters.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** `one`: a name or an address, whose line breaks and tabs become spaces; `many`: a description, a reason or a note. */
export type Lines = 'one' | 'many';

/**
 * Free text as the eye sees it: without escape sequences and hidden characters, line breaks
 * written \n. Every name, address and message loses them on the way in (requiredText,
 * optionalText), so the site and the server agree on what was typed; mail to staff applies it
 * again to older rows (server/mail/messages.ts).
 */
export function visibleText(value: string, lines: Lines): string {
  const text = value
    .replace(ESCAPE_SEQUENCE, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(HIDDEN, '');
  return lines === 'one' ? text.replace(/[\t\n]+/g, ' ') : text;
}

/** A required text field: missing, wrong type and blank all answer with `message`. */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (
  message: string,
  max = 500,
  lines: Lines = 'one',
) =>
  z.string({ error: message }).check(
    z.overwrite((value) => visibleText(value, lines)),
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `Keep this under ${max} characters.`),
  );

export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max = 2000, lines: Lines = 'one') =>
  z.optional(
    z.string().check(
      z.overwrite((value) => visibleText(value, lines)),
      z.trim(),
      z.maxLength(max, `Keep this under ${max} characters.`),
    ),
  );

export const email = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage = 'Please fill in your email.') =>
  z.pipe(
    requiredText(requiredMessage, 254).check(z.toLowerCase()),
    z.email({ error: 'Enter a valid email address, like name@example.com.' }),
  );

/**
 * Nigerian numbers, stored in E.164 (+234 and 10 digits; docs/messages.md, "Numbers"), whatever
 * form they were typed in: 0 and 10 digits, or +234 and 10 digits. Forgiven on the way: spaces,
 * dashes, dots and brackets, 234 without its +, and the 0 that people keep after the country
 * code (+234 0803…). Text that is no such number comes back tidied but otherwise as typed.
 */
export function tidyPhone(value: string): string {
  return value
    .replace(/[\s\-.()]/g, '')
    .replace(/^234/, '+234')
    .replace(/^\+2340(?=\d{10}$)/, '+234')
    .replace(/^0(?=\d{10}$)/, '+234');
}

/**
 * The ten digits after +234 of a Nigerian mobile number: libphonenumber-js's pattern for
 * Nigeria's mobile numbers, written here so the site need not load that library.
 * tests/api/phone-numbers.test.ts holds the two to the same answers over every prefix.
 */
const NIGERIAN_MOBILE =
  /^(?:(?:702[0-24-9]|819[01])\d{6}|(?:7(?:0[13-9]|[12]\d)|8(?:0[1-9]|1[0-8])|9(?:0[1-9]|1[0-6]))\d{7})$/;

/** Whether a number in E.164 (+234 and 10 digits) is a Nigerian mobile, by its prefix. */
export const isNigerianMobile = (e164: string) => NIGERIAN_MOBILE.test(e164.slice(4));

/**
 * How a number in E.164 is read: the site reads it with the pattern above; the server reads it
 * with libphonenumber-js itself (server/messages/phone.ts hands its reader over when the server is
 * built, server/app.ts). Answers the number to store, or null when it is not a Nigerian mobile.
 */
export type MobileReader = (e164: string) => string | null;
let readMobile: MobileReader = (e164) => (isNigerianMobile(e164) ? e164 : null);

/** The server reads numbers with libphonenumber-js (see `MobileReader`). */
export function readMobilesWith(reader: MobileReader): void {
  readMobile = reader;
}

export const PHONE_FORMAT_MESSAGE =
  'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.';
export const NOT_MOBILE_MESSAGE =
  'Enter a Nigerian mobile number: this one is not on a mobile network (it starts like 0803, 0706 or 0906).';

export const nigerianPhone = /* @__NO_SIDE_EFFECTS__ */ (
  requiredMessage = 'Please fill in your mobile number.',
) =>
  z.pipe(
    z.pipe(z.string({ error: requiredMessage }), z.transform(tidyPhone)),
    z.pipe(
      z.string().check(
        z.minLength(1, { error: requiredMessage, abort: true }),
        z.regex(PHONE_PATTERN, { error: PHONE_FORMAT_MESSAGE, abort: true }),
        z.refine((value) => readMobile(value) !== null, NOT_MOBILE_MESSAGE),
      ),
      z.transform((value) => readMobile(value) ?? value),
    ),
  );

export const password = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage = 'Please enter a password.') =>
  z
    .string({ error: requiredMessage })
    .check(
      z.minLength(1, requiredMessage),
      z.minLength(8, 'Use at least 8 characters for your password.'),
      z.maxLength(128, PASSWORD_TOO_LONG),
    );

/** Today's calendar date in Lagos (UTC+1, no daylight saving), as YYYY-MM-DD. */
export function todayInLagos(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The days of `month` (1–12) in `year`. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** YYYY-MM-DD with a year from 1000 (four digits), a month 1–12 and a day 1–31. */
const hasCalendarParts = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

/**
 * YYYY-MM-DD naming a day that exists. `Date.parse` takes 2027-02-30 (as 2 March) and 2027-02-29,
 * which PostgreSQL refuses: the day is checked against its month, leap years counted.
 */
export const isCalendarDate = (value: string) =>
  DATE_PATTERN.test(value) &&
  hasCalendarParts(value) &&
  Number(value.slice(8, 10)) <= daysIn(Number(value.slice(0, 4)), Number(value.slice(5, 7)));

/** "February 2027 has 28 days: …", for a date past its month's end. */
const noSuchDayMessage = (value: string) => {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  return `${MONTHS[month - 1]} ${year} has ${daysIn(year, month)} days: pick a date from the calendar.`;
};

/** A real calendar date, YYYY-MM-DD, past or future. */
export const calendarDate = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage: string) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    // Each check stops the next, so an empty date says only that it is missing.
    z.minLength(1, { error: requiredMessage, abort: true }),
    z.regex(DATE_PATTERN, { error: 'Pick a date from the calendar.', abort: true }),
    z.refine(hasCalendarParts, { error: 'Pick a date from the calendar.', abort: true }),
    z.refine(isCalendarDate, {
      error: (issue) => noSuchDayMessage(String(issue.input)),
      abort: true,
    }),
  );

/** A calendar date from today (Lagos) on: a booking's or an offer's. */
export const date = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage: string) =>
  calendarDate(requiredMessage).check(
    z.refine((value) => value >= todayInLagos(), 'Pick today or a later date.'),
  );

/** A calendar date up to today (Lagos): when something already happened. */
export const pastDate = /* @__NO_SIDE_EFFECTS__ */ (
  requiredMessage: string,
  futureMessage: string,
) =>
  calendarDate(requiredMessage).check(z.refine((value) => value <= todayInLagos(), futureMessage));

/** Typed as zod's own `preprocess` types it: an optional schema after it leaves its key optional. */
type Preprocessed<T extends z.ZodMiniType> = z.ZodMiniType<
  z.output<T>,
  unknown,
  z.core.$ZodPreprocessInternals<T>
>;

/** zod's `preprocess`, which is a transform piped into the schema (what zod/mini spells out). */
export const preprocess = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(
  prepare: (value: unknown) => unknown,
  schema: T,
) => z.pipe(z.transform(prepare), schema) as unknown as Preprocessed<T>;

export const optionalDate = /* @__NO_SIDE_EFFECTS__ */ (label: string) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(date(label)));

/** Adds `message` at `path` when `later` is before `earlier` (both YYYY-MM-DD, so text order is date order). */
export function notBefore<T>(
  later: (v: T) => string | undefined,
  earlier: (v: T) => string | undefined,
  path: string,
  message: string,
) {
  return (value: T, ctx: z.core.$RefinementCtx<T>) => {
    const a = later(value);
    const b = earlier(value);
    if (a && b && a < b) ctx.addIssue({ code: 'custom', path: [path], message });
  };
}

/** A quote's inspection is on or before its moving date (both optional). */
export const inspectionNotAfterMoving = notBefore<{
  moving_date?: string;
  date_of_inspection?: string;
}>(
  (v) => v.moving_date,
  (v) => v.date_of_inspection,
  'date_of_inspection',
  'The inspection must be on or before the moving date.',
);

/** A delivery's drop-off is on or after its pickup, when it is booked and when its dates move. */
export const deliveryNotBeforePickup = notBefore<{ pickup_date: string; delivery_date: string }>(
  (v) => v.delivery_date,
  (v) => v.pickup_date,
  'delivery_date',
  'Delivery cannot be before pickup.',
);

// ---------------------------------------------------------------------------------------------
// Choice lists (docs/product.md).

export const threeStepApartmentTypes = [
  'Studio',
  '1 Bedroom',
  '2 Bedrooms',
  '3 Bedrooms',
  'Penthouse',
] as const;
export const fiveStepApartmentTypes = [
  'Storey Building',
  'Duplex',
  'Terrace',
  'Bungalow',
  'Mini flat',
  'Penthouse',
  'Apartment',
] as const;
export const threeStepRoomCounts = ['1', '2', '3', '4', '5+'] as const;
export const fiveStepRoomCounts = ['1', '2', '3', '4'] as const;
export const threeStepFloors = ['Ground', '1st', '2nd', '3rd', '4th+'] as const;
export const fiveStepFloors = ['Ground', '1st', '2nd', '3rd'] as const;
export const relocationServices = [
  { id: 'packing_and_loading', label: 'Packing and Loading' },
  { id: 'unpacking_and_arranging', label: 'Unpacking and Arranging' },
  { id: 'just_moving', label: 'Just Moving' },
] as const;
export type RelocationServiceId = (typeof relocationServices)[number]['id'];

const apartmentTypes = [...new Set([...threeStepApartmentTypes, ...fiveStepApartmentTypes])] as [
  string,
  ...string[],
];
export const apartmentType = z.enum(apartmentTypes, {
  error: 'Select apartment type.',
});
export const roomCount = z.enum(threeStepRoomCounts, { error: 'Select number of rooms.' });
export const floor = z.enum(threeStepFloors, { error: 'Select apartment floor.' });
const serviceIds = relocationServices.map((service) => service.id) as [
  RelocationServiceId,
  ...RelocationServiceId[],
];

/** `Services` travels as comma-separated ids ("packing_and_loading,just_moving"). */
export const servicesField = z.pipe(
  z.pipe(
    z.pipe(
      z.string({ error: 'Choose at least one service.' }),
      z.transform((value: string) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(z.enum(serviceIds, { error: 'Choose services from the list.' }))
      .check(z.minLength(1, 'Choose at least one service.')),
  ),
  z.transform((ids: RelocationServiceId[]) => [...new Set(ids)].join(',')),
);

// ---------------------------------------------------------------------------------------------
// Statuses and service types.

export const shipmentStatuses = ['ToInspect', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatus = z.enum(shipmentStatuses, { error: 'Choose a status from the list.' });
export const statusLabels: Record<ShipmentStatus, string> = {
  ToInspect: 'To Inspect',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};
/** Where each status may move: To Inspect → Shipped → Delivered, or Cancelled from To Inspect. */
export const nextStatuses: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  ToInspect: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};
/** Delivered and Cancelled: nothing more happens to the order (no status move, no offer). */
export const isFinalStatus = (status: ShipmentStatus) => nextStatuses[status].length === 0;

export const serviceTypes = [
  'local_service',
  'office_service',
  'state_service',
  'instant_delivery',
  'scheduled_delivery',
  'bulk_delivery',
] as const;
export type ServiceType = (typeof serviceTypes)[number];
export const serviceTypeLabels: Record<ServiceType, string> = {
  local_service: 'Local Service',
  office_service: 'Office Service',
  state_service: 'State Service',
  instant_delivery: 'Instant Delivery',
  scheduled_delivery: 'Scheduled Delivery',
  bulk_delivery: 'Bulk Delivery',
};
/**
 * The services as customers say them (issue 35), on the customer's own pages (My bookings, the
 * order, the receipt). The tracking page and staff keep `serviceTypeLabels` (docs/product.md).
 */
export const customerServiceLabels: Record<ServiceType, string> = {
  local_service: 'Local move',
  office_service: 'Office move',
  state_service: 'Inter-state move',
  instant_delivery: 'Deliver Now',
  scheduled_delivery: 'Scheduled delivery',
  bulk_delivery: 'Bulk delivery',
};

/** `crew`: a member of a crew, given by staff at /staff/crews (docs/crews.md). */
export const userRoles = ['customer', 'staff', 'crew'] as const;
export type UserRole = (typeof userRoles)[number];
/** An account's role as the API answers it: hosts that know no roles answer without one, and everyone is a customer there. */
export const userRole = z._default(z.enum(userRoles), 'customer');

// ---------------------------------------------------------------------------------------------
// Money: naira shown as ₦185,000.00, carried and stored as integer kobo.

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/** 18_500_000 kobo → "₦185,000.00". */
export const formatNaira = (kobo: number) => nairaFormat.format(kobo / 100);
const wholeNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
/** An estimate, in whole naira: 15_000_000 and 25_000_000 kobo → "₦150,000 – ₦250,000". */
export const formatRange = (low: number, high: number) =>
  `${wholeNaira.format(low / 100)} – ${wholeNaira.format(high / 100)}`;

/** The largest image a form may send (profile picture, quote photo): checked on the site before sending, enforced by the server. */
export const MAX_UPLOAD_BYTES = 1_048_576;
/** The same limit in words: "1 MB". */
export const MAX_UPLOAD_SIZE = `${MAX_UPLOAD_BYTES / 1_048_576} MB`;

/** How many receivers one bulk delivery takes. */
export const MAX_RECEIVERS = 50;

/**
 * A state ("Lagos", "FCT") or an LGA ("Eti-Osa") of an address: optional, so a client that
 * leaves them out still books (without an instant price). Only the shape is checked here; the
 * server checks them against the official list (server/money/places.ts), which the site loads
 * with the published tariff rather than in its code (docs/prices.md).
 */
export const placeName = z.optional(
  z
    .string({ error: 'Choose a place from the list.' })
    .check(z.trim(), z.maxLength(80, 'Choose a place from the list.')),
);

/** The longest landmark note, and what a longer one is told (issue 37). */
export const LANDMARK_MAX = 120;
export const LANDMARK_MESSAGE = `Keep the landmark to ${LANDMARK_MAX} characters or fewer.`;

/**
 * A landmark note beside an address ("Opposite Total filling station, blue gate"), optional:
 * one line, trimmed, at most LANDMARK_MAX characters. The server stores an empty one as none.
 */
export const landmark = z.optional(
  z.string({ error: LANDMARK_MESSAGE }).check(
    z.overwrite((value) => visibleText(value, 'one')),
    z.trim(),
    z.maxLength(LANDMARK_MAX, LANDMARK_MESSAGE),
  ),
);

/** @public The declared value's message (issue 35). */
export const DECLARED_VALUE_MESSAGE =
  'Enter what the goods are worth in naira, like 250000 or 250,000.50, or leave it empty.';

/**
 * What the customer declares the goods are worth, in naira as typed (commas allowed), or empty:
 * optional, and the limit of our liability (the terms, section 5). `koboOfDeclared` reads it.
 */
export const declaredValue = z.optional(
  z
    .string({ error: DECLARED_VALUE_MESSAGE })
    .check(
      z.trim(),
      z.maxLength(20, DECLARED_VALUE_MESSAGE),
      z.regex(/^$|^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/, DECLARED_VALUE_MESSAGE),
    ),
);

/** A declared value in kobo, undefined when none was given (or it is zero). */
export function koboOfDeclared(value: string | undefined): number | undefined {
  const text = value?.replace(/,/g, '').trim();
  if (!text) return undefined;
  const [naira = '0', kobo = ''] = text.split('.');
  const total = Number(naira) * 100 + Number(kobo.padEnd(2, '0'));
  return total > 0 ? total : undefined;
}

export const messageResponse = z.object({ message: z.string() });
/**
 * The price a delivery got from the tariff at booking, and the tariff version it came from
 * (docs/prices.md).
 */
export const orderPrice = z.object({ version: z.number(), amount_kobo: z.number() });
/** A move's estimate from the tariff at booking: a band, the final price comes after inspection. */
export const orderEstimate = z.object({
  version: z.number(),
  low_kobo: z.number(),
  high_kobo: z.number(),
});

/** A booking's answer: its reference, and the price or estimate the server gave it, when it gave one. */
export const referenceResponse = z.object({
  message: z.string(),
  data: z.object({
    reference_number: z.string(),
    price: z.optional(orderPrice),
    estimate: z.optional(orderEstimate),
  }),
});

export const healthResponse = z.object({ status: z.literal('ok') });

/** Every 4xx answers `message`, and field messages under `errors` (and `data` for bookings). */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  data: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorResponse>;

/**
 * `staff`: a staff member's session, or the ops token; `ops`: the ops token of the ops command only;
 * `crew`: a crew member's session (docs/crews.md).
 */
type Auth = 'none' | 'bearer' | 'optional' | 'staff' | 'ops' | 'crew';
type Body = 'json' | 'multipart' | 'none';

export interface CallSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: Body;
  auth: Auth;
  request: z.ZodMiniType | null;
  /** The query string of a GET, parsed like a body. */
  query?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** The call also answers `Accept: text/csv` with a file (the client's `download`). */
  csv?: true;
  /** The exact text in `message` (or `succes`) that means success. */
  success: string | null;
  /** Shown when a 2xx answer carries some other message; null shows the server's own. */
  fallback: string | null;
  /** Field errors sit under `data` for the booking calls (docs/product.md). */
  booking?: true;
  /** Quote failures also say QUOTE_ERROR. */
  quote?: true;
  /** A 409 of this call carries more than its message (parsed with this, kept on the ApiError as `current`). */
  conflict?: z.ZodMiniType;
}

/** Keeps each call's own literal types (the table's names, its schemas). */
export const define = /* @__NO_SIDE_EFFECTS__ */ <T extends Record<string, CallSpec>>(calls: T) =>
  calls;

/** Field messages of a failed parse, keyed like the wire (`receiver_details.2.phone`). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'form';
    const messages = (result[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return result;
}
