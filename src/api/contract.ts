/**
 * The /api/v1 wire contract: every call of the original API and this product's compatible extensions (docs/architecture.md).
 * Field names are spelt exactly as on the wire (dilivery_address, succes, Reason, ProgressBar…).
 * The website validates what it receives with these schemas; the server validates what it
 * accepts with the same ones. Nothing else in the code declares a wire shape.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini rather than zod: the same checks and messages at a third of the size in every form's
// first load (docs/architecture.md, "What a route loads"). Classic zod brings English messages by
// itself; mini is told to, so a message the contract leaves to zod reads the same.
z.config(en());

// ---------------------------------------------------------------------------------------------
// Field rules users expect (docs/product.md), with the messages shown under the field.

export const GENERIC_ERROR = 'An error occurred. Please try again.';
export const QUOTE_ERROR = 'An error occurred while submitting the quote.';

const PHONE_PATTERN = /^(?:0\d{10}|\+234\d{10})$/;
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

const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max = 2000, lines: Lines = 'one') =>
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
 * Nigerian numbers, stored as typed but tidied: 0 and 10 digits, or +234 and 10 digits.
 * Forgiven on the way: spaces, dashes, dots and brackets, 234 without its +, and the 0 that
 * people keep after the country code (+234 0803…).
 */
export function tidyPhone(value: string): string {
  return value
    .replace(/[\s\-.()]/g, '')
    .replace(/^234/, '+234')
    .replace(/^\+2340(?=\d{10}$)/, '+234');
}

export const nigerianPhone = /* @__NO_SIDE_EFFECTS__ */ (
  requiredMessage = 'Please fill in your mobile number.',
) =>
  z.pipe(
    z.pipe(z.string({ error: requiredMessage }), z.transform(tidyPhone)),
    z
      .string()
      .check(
        z.minLength(1, { error: requiredMessage, abort: true }),
        z.regex(
          PHONE_PATTERN,
          'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.',
        ),
      ),
  );

export const password = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage = 'Please enter a password.') =>
  z
    .string({ error: requiredMessage })
    .check(
      z.minLength(1, requiredMessage),
      z.minLength(8, 'Use at least 8 characters for your password.'),
      z.maxLength(128, 'Keep your password under 128 characters.'),
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
const isCalendarDate = (value: string) =>
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
const calendarDate = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage: string) =>
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
const preprocess = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(
  prepare: (value: unknown) => unknown,
  schema: T,
) => z.pipe(z.transform(prepare), schema) as unknown as Preprocessed<T>;

const optionalDate = /* @__NO_SIDE_EFFECTS__ */ (label: string) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(date(label)));

/** Adds `message` at `path` when `later` is before `earlier` (both YYYY-MM-DD, so text order is date order). */
function notBefore<T>(
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
const inspectionNotAfterMoving = notBefore<{ moving_date?: string; date_of_inspection?: string }>(
  (v) => v.moving_date,
  (v) => v.date_of_inspection,
  'date_of_inspection',
  'The inspection must be on or before the moving date.',
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
const apartmentType = z.enum(apartmentTypes, {
  error: 'Select apartment type.',
});
const roomCount = z.enum(threeStepRoomCounts, { error: 'Select number of rooms.' });
const floor = z.enum(threeStepFloors, { error: 'Select apartment floor.' });
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

export const userRoles = ['customer', 'staff'] as const;
export type UserRole = (typeof userRoles)[number];

export const applicationStatuses = ['new', 'contacted', 'hired', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  hired: 'Hired',
  rejected: 'Rejected',
};

/**
 * A price offer as the customer sees it: `open` until answered or past its last valid day
 * (`expired`); `replaced` when staff sent a newer one before an answer.
 */
export const offerStates = ['open', 'accepted', 'declined', 'expired', 'replaced'] as const;
export type OfferState = (typeof offerStates)[number];
export const offerStateLabels: Record<OfferState, string> = {
  open: 'Price offered',
  accepted: 'Price accepted',
  declined: 'Price declined',
  expired: 'Offer expired',
  replaced: 'Replaced by a newer offer',
};

/**
 * Where an order's money stands (README, "Payments"), derived from its payment and refund rows:
 * nothing paid of an accepted price, part of it, all of it; more paid than owed, or a cancelled
 * order's money still to go back; and all of that given back.
 */
export const paymentStates = ['unpaid', 'part_paid', 'paid', 'refund_due', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];
/** @public The website's words for each state (the money pages). */
export const paymentStateLabels: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** How staff record money received at the office; online payments are `card` or Paystack's channel. */
export const officePaymentMethods = ['bank_transfer', 'cash'] as const;
export type OfficePaymentMethod = (typeof officePaymentMethods)[number];
export const paymentMethodLabels: Record<string, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  bank: 'Bank (online)',
  ussd: 'USSD',
  mobile_money: 'Mobile money',
};

/**
 * A refund: `due` until it is sent; a card refund is `processing` while Paystack carries it out,
 * `done` once Paystack says it was processed or staff marked an office refund paid.
 */
export const refundStates = ['due', 'processing', 'done'] as const;
export type RefundState = (typeof refundStates)[number];
/** `card`: back through Paystack to the card; `office`: staff pay it back by transfer or cash. */
export const refundRoutes = ['card', 'office'] as const;

// ---------------------------------------------------------------------------------------------
// Money: naira shown as ₦185,000.00, carried and stored as integer kobo.

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/** 18_500_000 kobo → "₦185,000.00". */
export const formatNaira = (kobo: number) => nairaFormat.format(kobo / 100);

/** The largest image a form may send (profile picture, quote photo): checked on the site before sending, enforced by the server. */
export const MAX_UPLOAD_BYTES = 1_048_576;
/** The same limit in words: "1 MB". */
export const MAX_UPLOAD_SIZE = `${MAX_UPLOAD_BYTES / 1_048_576} MB`;

export const MIN_OFFER_KOBO = 10_000;
export const MAX_OFFER_KOBO = 10_000_000_000;
export const AMOUNT_REQUIRED_MESSAGE = 'Please enter the amount in naira.';
export const AMOUNT_FORMAT_MESSAGE = 'Enter the amount in naira, like 185000 or 185000.50.';
export const AMOUNT_RANGE_MESSAGE = `The amount must be between ${formatNaira(MIN_OFFER_KOBO)} and ${formatNaira(MAX_OFFER_KOBO)}.`;

/** An amount on the wire: whole kobo within the offer range. */
export const amountKobo = z
  .number({ error: AMOUNT_REQUIRED_MESSAGE })
  .check(
    z.int(AMOUNT_FORMAT_MESSAGE),
    z.gte(MIN_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
    z.lte(MAX_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
  );

/**
 * What staff type in the naira field ("185000", "185,000.50", "₦ 185 000") → kobo, exactly:
 * whole naira or at most two decimals, no floating-point rounding on the way. `range` is the
 * wire's kobo schema the amount must then pass (an offer's, a payment's).
 */
/** Naira as typed (commas, spaces and ₦ allowed) to integer kobo, then held to `range`. */
export const nairaTyped = /* @__NO_SIDE_EFFECTS__ */ (range: z.ZodMiniType<number, number>) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.pipe(
          z.string({ error: AMOUNT_REQUIRED_MESSAGE }),
          z.transform((value: string) => value.replace(/[\s,₦]/g, '')),
        ),
        z
          .string()
          .check(
            z.minLength(1, { error: AMOUNT_REQUIRED_MESSAGE, abort: true }),
            z.regex(/^\d{1,12}(\.\d{1,2})?$/, { error: AMOUNT_FORMAT_MESSAGE, abort: true }),
          ),
      ),
      z.transform((value: string) => {
        const [whole = '0', fraction = ''] = value.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      }),
    ),
    range,
  );

/** An offer's amount as staff type it. */
export const nairaAmount = nairaTyped(amountKobo);

// ---------------------------------------------------------------------------------------------
// Requests.

export const applicationRequest = z.object({
  full_name: requiredText('Please fill in your full name.', 120),
  email: preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(email()),
  ),
  age: preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({ error: 'Please enter your age in years.' })
      .check(
        z.int('Please enter your age in whole years.'),
        z.gte(18, 'You must be at least 18 to apply.'),
        z.lte(75, 'Please enter an age of 75 or under.'),
      ),
  ),
  mobile_number: nigerianPhone(),
  location: requiredText('Please fill in your location.', 200),
});

const passwordPair = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodLooseShape>(
  shape: T,
  passwordKey: string,
  confirmationKey: string,
) =>
  z.object(shape).check(
    z.superRefine((value, ctx) => {
      const record = value as Record<string, unknown>;
      if (record[passwordKey] !== record[confirmationKey]) {
        ctx.addIssue({
          code: 'custom',
          path: [confirmationKey],
          message: 'Passwords do not match',
        });
      }
    }),
  );

export const registerRequest = passwordPair(
  {
    fullname: requiredText('Please fill in your full name.', 120),
    email: email(),
    phone: nigerianPhone('Please fill in your phone number.'),
    password: password(),
    password_confirmation: z
      .string({ error: 'Please confirm your password.' })
      .check(z.minLength(1, 'Please confirm your password.')),
  },
  'password',
  'password_confirmation',
);

export const loginRequest = z.object({
  email: email(),
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(128)),
});

export const emailOnlyRequest = z.object({ email: email() });

const sixDigits = /* @__NO_SIDE_EFFECTS__ */ (message: string) =>
  z.string({ error: message }).check(z.trim(), z.regex(/^\d{6}$/, message));

export const OTP_MESSAGE = 'Please enter a 6-digit OTP code.';
export const TOKEN_MESSAGE = 'Please enter a 6-digit Token sent to your email';

// A code is checked against the live code of this email's account only (README, "Account security").
export const verifyOtpRequest = z.object({ otp: sixDigits(OTP_MESSAGE), email: email() });
export const verifyEmailRequest = z.object({
  verification_token: sixDigits(TOKEN_MESSAGE),
  email: email(),
});

export const passwordResetRequest = passwordPair(
  {
    email: email(),
    password: password(),
    password_confirmation: z
      .string({ error: 'Please confirm your password.' })
      .check(z.minLength(1, 'Please confirm your password.')),
    reset_token: requiredText('Your reset session has ended. Please request a new code.', 200),
  },
  'password',
  'password_confirmation',
);

export const changePasswordRequest = passwordPair(
  {
    old_password: z
      .string({ error: 'Please enter your current password.' })
      .check(z.minLength(1, 'Please enter your current password.'), z.maxLength(128)),
    new_password: password('Please enter a new password.'),
    new_password_confirmation: z
      .string({ error: 'Please confirm your new password.' })
      .check(z.minLength(1, 'Please confirm your new password.')),
  },
  'new_password',
  'new_password_confirmation',
);

export const deleteUserRequest = z.object({
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(128)),
  Reason: requiredText('Please tell us why you are leaving.', 1000, 'many'),
});

/** Multipart text fields of users/edit/{id}; the optional image travels as `profile_image`. */
export const profileUpdateRequest = z.object({
  fullname: requiredText('Please fill in your full name.', 120),
  phone: nigerianPhone('Please fill in your mobile number.'),
});

/**
 * A state ("Lagos", "FCT") or an LGA ("Eti-Osa") of an address: optional, so a client that
 * leaves them out still books (without an instant price). Only the shape is checked here; the
 * server checks them against the official list (server/money/places.ts), which the site loads
 * with the published tariff rather than in its code (README "Prices").
 */
const placeName = z.optional(
  z
    .string({ error: 'Choose a place from the list.' })
    .check(z.trim(), z.maxLength(80, 'Choose a place from the list.')),
);

/** Both quote forms post this shape; each form checks its own required fields before sending. */
export const quoteRequest = z
  .object({
    moving_from_address: requiredText('Please fill in your address.'),
    moving_from_apartment_type: apartmentType,
    number_of_room_moving_from: roomCount,
    aptFloor: floor,
    moving_from_state: placeName,
    moving_from_lga: placeName,
    moving_to_address: requiredText('Please fill in your address.'),
    moving_to_state: placeName,
    moving_to_lga: placeName,
    moving_to_apartment_type: apartmentType,
    number_of_room_moving_to: roomCount,
    toAptFloor: floor,
    full_name: optionalText(120),
    email: preprocess((value) => (value === '' ? undefined : value), z.optional(email())),
    mobile_phone: preprocess(
      (value) => (value === '' ? undefined : value),
      z.optional(nigerianPhone()),
    ),
    Services: servicesField,
    moving_date: optionalDate('Please choose your moving date.'),
    date_of_inspection: optionalDate('Please choose an inspection date.'),
    description: optionalText(2000, 'many'),
  })
  .check(z.superRefine(inspectionNotAfterMoving));

export const instantDeliveryRequest = z.object({
  pickup_address: requiredText('Please fill in the pickup address.'),
  pickup_state: placeName,
  pickup_lga: placeName,
  dilivery_address: requiredText('Please fill in the delivery address.'),
  delivery_state: placeName,
  delivery_lga: placeName,
  sender_fullname: requiredText("Please fill in the sender's name.", 120),
  receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
  sender_number: nigerianPhone("Please fill in the sender's phone number."),
  receiver_number: nigerianPhone("Please fill in the receiver's phone number."),
  description: requiredText('Please describe the package.', 2000, 'many'),
});

export const scheduledDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    pickup_state: placeName,
    pickup_lga: placeName,
    delivery_address: requiredText('Please fill in the delivery address.'),
    delivery_state: placeName,
    delivery_lga: placeName,
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
    sender_phone: nigerianPhone("Please fill in the sender's phone number."),
    receiver_phone: nigerianPhone("Please fill in the receiver's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    delivery_date: date('Please choose a delivery date.'),
    description: requiredText('Please describe the package.', 2000, 'many'),
  })
  .check(
    z.superRefine(
      notBefore(
        (v) => v.delivery_date,
        (v) => v.pickup_date,
        'delivery_date',
        'Delivery cannot be before pickup.',
      ),
    ),
  );

export const MAX_RECEIVERS = 50;

export const receiver = z.object({
  address: requiredText("Please fill in the receiver's address."),
  state: placeName,
  lga: placeName,
  name: requiredText("Please fill in the receiver's name.", 120),
  phone: nigerianPhone("Please fill in the receiver's phone number."),
  date: date('Please choose a delivery date.'),
});
export type Receiver = z.input<typeof receiver>;

export const bulkDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    pickup_state: placeName,
    pickup_lga: placeName,
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    sender_number: nigerianPhone("Please fill in the sender's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    description: requiredText('Please describe the packages.', 2000, 'many'),
    receiver_details: z
      .array(receiver, { error: 'Add at least one receiver.' })
      .check(
        z.minLength(1, 'Add at least one receiver.'),
        z.maxLength(MAX_RECEIVERS, `You can add at most ${MAX_RECEIVERS} receivers.`),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      value.receiver_details.forEach((entry, index) => {
        if (entry.date < value.pickup_date) {
          ctx.addIssue({
            code: 'custom',
            path: ['receiver_details', index, 'date'],
            message: `Receiver ${index + 1}: delivery cannot be before pickup.`,
          });
        }
      });
    }),
  );

export const trackingRequest = z.object({
  reference_id: requiredText('Please enter your tracking code.', 64),
});

export const newsletterRequest = z.object({ email: email('Please enter your email.') });

/** A staff note beside a status move, an offer or an answer. */
const note = optionalText(1000, 'many');

/**
 * `confirm_accepted`: staff saw that the customer accepted a price and cancel the order anyway;
 * without it, cancelling an order whose price was accepted answers 409 (docs: README "What
 * happens to an order"), so a cancel sent on a page read before the customer accepted is refused.
 */
export const setStatusRequest = z.object({
  status: shipmentStatus,
  note,
  confirm_accepted: z.optional(z.boolean()),
  /**
   * Staff saw that the price is not fully paid and ship anyway: without it, moving an order with a
   * balance to Shipped answers 409 naming the amount outstanding; the history records it.
   */
  confirm_unpaid: z.optional(z.boolean()),
});

export const offerRequest = z.object({
  amount_kobo: amountKobo,
  note,
  valid_until: date('Please choose the last day the offer is valid.'),
});

export const DECLINE_REASON_MESSAGE = 'Please tell us why you are declining.';
export const CANCEL_REASON_MESSAGE = 'Please tell us why you are cancelling.';
/**
 * Accept and decline name the offer the customer saw: another id than the order's open offer
 * answers 409 with the order as it is now, so a price the customer did not see is never accepted.
 */
export const OFFER_ID_MESSAGE =
  'Say which price you are answering: reload the order and try again.';
const offerId = z
  .number({ error: OFFER_ID_MESSAGE })
  .check(
    z.int({ error: OFFER_ID_MESSAGE }),
    z.positive({ error: OFFER_ID_MESSAGE }),
    z.lte(2 ** 31 - 1, { error: OFFER_ID_MESSAGE }),
  );
export const acceptOfferRequest = z.object({ offer_id: offerId }, { error: OFFER_ID_MESSAGE });
export const declineOfferRequest = z.object(
  { offer_id: offerId, reason: requiredText(DECLINE_REASON_MESSAGE, 1000, 'many') },
  { error: OFFER_ID_MESSAGE },
);
export const cancelOrderRequest = z.object({
  reason: requiredText(CANCEL_REASON_MESSAGE, 1000, 'many'),
});

export const PAYMENT_AMOUNT_MESSAGE = 'Please enter the amount received in naira.';
export const PAYMENT_REFERENCE_MESSAGE =
  'Please enter the reference of the transfer or the cash receipt.';
export const PAID_ON_MESSAGE = 'Please choose the day the money was received.';
export const PAID_ON_FUTURE_MESSAGE = 'The day the money was received cannot be in the future.';
/**
 * Money staff received at the office (bank transfer or cash): whole kobo, their own reference,
 * and the day it arrived (Lagos). Part payments add up; more than the balance is refused.
 */
export const officePaymentRequest = z.object({
  amount_kobo: z
    .number({ error: PAYMENT_AMOUNT_MESSAGE })
    .check(
      z.int(AMOUNT_FORMAT_MESSAGE),
      z.gte(100, 'The amount must be at least ₦1.00.'),
      z.lte(MAX_OFFER_KOBO, AMOUNT_RANGE_MESSAGE),
    ),
  method: z.enum(officePaymentMethods, { error: 'Choose bank transfer or cash.' }),
  reference: requiredText(PAYMENT_REFERENCE_MESSAGE, 100),
  paid_on: pastDate(PAID_ON_MESSAGE, PAID_ON_FUTURE_MESSAGE),
});

export const REFUND_REFERENCE_MESSAGE =
  'Please enter the reference of the transfer that paid the refund.';
/** Staff paid an office refund back: the reference of their transfer (or cash slip). */
export const refundDoneRequest = z.object({
  reference: requiredText(REFUND_REFERENCE_MESSAGE, 100),
});

/**
 * New dates of a scheduled or bulk delivery (every receiver of a bulk delivery gets the new
 * delivery date); an instant delivery has none to move.
 */
export const rescheduleDeliveryRequest = z
  .object({
    pickup_date: date('Please choose a pickup date.'),
    delivery_date: date('Please choose a delivery date.'),
  })
  .check(
    z.superRefine(
      notBefore(
        (v) => v.delivery_date,
        (v) => v.pickup_date,
        'delivery_date',
        'Delivery cannot be before pickup.',
      ),
    ),
  );

export const RESCHEDULE_QUOTE_MESSAGE = 'Please choose an inspection date or a moving date.';
/** New dates of a quote, under the quote's own names; the pair sent replaces the stored one. */
export const rescheduleQuoteRequest = z
  .object({
    date_of_inspection: optionalDate('Please choose an inspection date.'),
    moving_date: optionalDate('Please choose your moving date.'),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.date_of_inspection && !value.moving_date) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_of_inspection'],
          message: RESCHEDULE_QUOTE_MESSAGE,
        });
      }
    }),
    z.superRefine(inspectionNotAfterMoving),
  );

/**
 * The wire of `users/orders/{reference}/reschedule`: a delivery's pair or a quote's pair. The
 * server checks the body with the schema of the order's kind (above), so messages stay per field.
 */
export const rescheduleRequest = z.object({
  pickup_date: z.optional(z.string().check(z.maxLength(32))),
  delivery_date: z.optional(z.string().check(z.maxLength(32))),
  date_of_inspection: z.optional(z.string().check(z.maxLength(32))),
  moving_date: z.optional(z.string().check(z.maxLength(32))),
});

/** Query strings leave a filter empty (`status=`): the same as leaving it out. */
const filter = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

export const PAGE_SIZE = 50;
const paging = {
  /** Opaque to callers: the `next_cursor` of the page before. */
  cursor: filter(
    z
      .string()
      .check(
        z.regex(/^\d{1,12}$/, 'This page link is not valid: start again from the first page.'),
      ),
  ),
  limit: filter(
    z.coerce
      .number({ error: `Ask for 1 to ${PAGE_SIZE} rows.` })
      .check(z.int(), z.gte(1), z.lte(PAGE_SIZE, `Ask for 1 to ${PAGE_SIZE} rows.`)),
  ),
};

/** The queue's payment filter: a payment state, or `owing` (unpaid or part paid: an accepted price not fully paid). */
export const queuePaymentStates = [...paymentStates, 'owing'] as const;

/** The queue's status filter: one status, or `open` (To Inspect or Shipped: not final). */
export const queueStatuses = [...shipmentStatuses, 'open'] as const;
/** Where an order's price stands: none to answer (no open or accepted offer), waiting for the customer, or waiting and ending today. */
export const priceFilters = ['none', 'awaiting', 'expiring_today'] as const;
export type PriceFilter = (typeof priceFilters)[number];
/** `created`: newest first by default; `job_date`: the pickup or moving date, soonest first by default, undated last. */
export const queueSorts = ['created', 'job_date'] as const;

/**
 * A queue cursor is the last row seen: its id (`123`), or with `sort=job_date` its job date and id
 * (`2026-11-25~123`, or `~123` for an order without a date).
 */
const QUEUE_CURSOR = /^(\d{1,12}|(\d{4}-\d{2}-\d{2})?~\d{1,12})$/;

export const staffOrdersQuery = z
  .object({
    status: filter(z.enum(queueStatuses, { error: 'Choose a status from the list.' })),
    service_type: filter(z.enum(serviceTypes, { error: 'Choose a service from the list.' })),
    price: filter(z.enum(priceFilters, { error: 'Choose a price state from the list.' })),
    /** The job's date (pickup or moving date) from and to, both days included. */
    job_from: filter(calendarDate('Pick a date from the calendar.')),
    job_to: filter(calendarDate('Pick a date from the calendar.')),
    sort: filter(z.enum(queueSorts, { error: 'Sort by created or job date.' })),
    dir: filter(z.enum(['asc', 'desc'], { error: 'Sort ascending or descending.' })),
    /** A reference, or part of a name, an email or a phone number. */
    q: filter(
      z.string().check(z.trim(), z.maxLength(100, 'Keep the search under 100 characters.')),
    ),
    payment_state: filter(
      z.enum(queuePaymentStates, { error: 'Choose a payment state from the list.' }),
    ),
    cursor: filter(
      z
        .string()
        .check(
          z.regex(QUEUE_CURSOR, 'This page link is not valid: start again from the first page.'),
        ),
    ),
    limit: paging.limit,
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.job_from && query.job_to && query.job_to < query.job_from) {
        ctx.addIssue({
          code: 'custom',
          path: ['job_to'],
          message: 'The last day must not be before the first.',
        });
      }
    }),
  );
/** The queue's filters as they travel in an address (`/staff/orders?status=open&price=none`). */
export type StaffOrdersFilter = Partial<
  Record<Exclude<keyof z.input<typeof staffOrdersQuery>, 'cursor' | 'limit'>, string>
>;

/** What the overview counts, in the order it shows them. */
export const overviewCounts = [
  'unpriced',
  'awaiting_answer',
  'expiring_today',
  'unpaid',
  'jobs_today',
  'jobs_tomorrow',
  'refunds_due',
] as const;
export type OverviewCount = (typeof overviewCounts)[number];

/**
 * The queue filter behind each count of the overview: the server counts with it and the page
 * links to it, so a count and the list it opens are the same orders. Cancelled and delivered
 * orders count nowhere (`status: 'open'`), except in refunds due: money owed back is work to do
 * whatever became of the order, and it is mostly owed on cancelled ones.
 */
export function overviewFilter(
  count: OverviewCount,
  { today, tomorrow }: { today: string; tomorrow: string },
): StaffOrdersFilter {
  switch (count) {
    case 'unpriced':
      return { status: 'open', price: 'none', sort: 'created', dir: 'asc' };
    case 'awaiting_answer':
      return { status: 'open', price: 'awaiting', sort: 'created', dir: 'asc' };
    case 'expiring_today':
      return { status: 'open', price: 'expiring_today', sort: 'created', dir: 'asc' };
    case 'unpaid':
      return { status: 'open', payment_state: 'owing', sort: 'job_date' };
    case 'refunds_due':
      return { payment_state: 'refund_due', sort: 'created', dir: 'asc' };
    case 'jobs_today':
      return { status: 'open', job_from: today, job_to: today, sort: 'job_date' };
    case 'jobs_tomorrow':
      return { status: 'open', job_from: tomorrow, job_to: tomorrow, sort: 'job_date' };
  }
}

/** The day after a YYYY-MM-DD day. */
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const staffRefundsQuery = z.object({ ...paging });

export const staffApplicationsQuery = z.object({
  status: filter(z.enum(applicationStatuses, { error: 'Choose a status from the list.' })),
  ...paging,
});

export const staffSubscribersQuery = z.object({ ...paging });

/** `npm run ops -- add-staff | remove-staff <email>`: the account must exist. */
export const setRoleRequest = z.object({
  email: email(),
  role: z.enum(userRoles, { error: 'Choose customer or staff.' }),
});

export const applicationStatusRequest = z.object({
  status: z.enum(applicationStatuses, { error: 'Choose a status from the list.' }),
});

// ---------------------------------------------------------------------------------------------
// Responses.

export const messageResponse = z.object({ message: z.string() });
/** The price a delivery got from the tariff at booking, and the tariff version it came from (README "Prices"). */
export const orderPrice = z.object({ version: z.number(), amount_kobo: z.number() });
/** A move's estimate from the tariff at booking: a band, the final price comes after inspection. */
export const orderEstimate = z.object({
  version: z.number(),
  low_kobo: z.number(),
  high_kobo: z.number(),
});

/** A booking's answer: its reference, and the price or estimate the server gave it, when it gave one. */
const referenceResponse = z.object({
  message: z.string(),
  data: z.object({
    reference_number: z.string(),
    price: z.optional(orderPrice),
    estimate: z.optional(orderEstimate),
  }),
});

/** Hosts that know no roles answer without one: everyone is a customer there. */
const role = z._default(z.enum(userRoles), 'customer');

export const loginResponse = z.object({
  message: z.string(),
  token: z.string(),
  data: z.object({
    id: z.string(),
    profile_image: z.nullable(z.string()),
    email: z.string(),
    role,
  }),
});

export const verifyOtpResponse = z.object({
  message: z.string(),
  data: z.object({ reset_token: z.string() }),
});

export const deleteUserResponse = z.object({ succes: z.string() });

export const profile = z.object({
  /** A random uuid, never the database's sequential id. */
  id: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  profile_image: z.nullable(z.string()),
  role,
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = z.object({ message: z.string(), data: profile });

export const trackingResult = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  ProgressBar: z.number().check(z.gte(0), z.lte(100)),
  'date created': z.string(),
  'date updated': z.string(),
  history: z.array(z.object({ status: shipmentStatus, date: z.string() })),
});
export type TrackingResult = z.infer<typeof trackingResult>;
export const trackingResponse = z.object({ message: z.string(), data: trackingResult });

export const offer = z.object({
  id: z.number(),
  amount_kobo: z.number(),
  note: z.nullable(z.string()),
  /** YYYY-MM-DD, Lagos time: the offer can be accepted through that day. */
  valid_until: z.string(),
  state: z.enum(offerStates),
  created_at: z.string(),
  /** When the customer accepted or declined it. */
  decided_at: z.nullable(z.string()),
  decline_reason: z.nullable(z.string()),
});
export type Offer = z.infer<typeof offer>;

/**
 * An order's money, in kobo: the accepted price, what was paid and refunded, and the balance
 * (price − paid + refunded while the order stands; a cancelled order owes nothing, and minus its
 * balance is what it is still owed back: paid − fee − refunded).
 */
export const orderPayment = z.object({
  state: z.enum(paymentStates),
  price_kobo: z.number(),
  paid_kobo: z.number(),
  refunded_kobo: z.number(),
  balance_kobo: z.number(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const order = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  created_at: z.string(),
  /** The newest offer that was not replaced (open, accepted, declined or expired), if any. */
  offer: z._default(z.nullable(offer), null),
  /** A delivery priced from the tariff at booking (its offer is then already accepted). */
  price: z._default(z.nullable(orderPrice), null),
  /** A move's estimate from the tariff at booking; staff's offer after inspection is the final price. */
  estimate: z._default(z.nullable(orderEstimate), null),
  /** Null until a price is accepted (and nothing was ever paid). */
  payment: z._default(z.nullable(orderPayment), null),
});
export type Order = z.infer<typeof order>;
/** GET users/orders?cursor=: newest first, at most ORDERS_PAGE_SIZE a page; `next_cursor` is null on the last page. */
export const ORDERS_PAGE_SIZE = 50;
export const ordersQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });
export const ordersResponse = z.object({
  message: z.string(),
  data: z.array(order),
  next_cursor: z.nullish(z.string()),
});

export const historyEvents = [
  'status',
  'offer_sent',
  'offer_accepted',
  'offer_declined',
  'rescheduled',
  /** Money received (online or at the office): the note says how much, how and the receipt. */
  'payment_received',
  /** Paystack reported another amount or currency than asked: recorded, never counted as paid. */
  'payment_mismatch',
  'refund_due',
  'refund_sent',
  'refund_done',
] as const;
/** Who did it: the customer, a staff member, or the ops command (the ops token). */
export const actors = ['customer', 'staff', 'ops'] as const;

/** One line of an order's history: what happened, the status after it, who, when, and the note or reason. */
export const historyEntry = z.object({
  event: z.enum(historyEvents),
  status: shipmentStatus,
  at: z.string(),
  by: z.enum(actors),
  /** The staff member's name, in the staff view only. */
  by_name: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A quote as sent, under the quote form's own names; `photos` are links for staff and the owner. */
export const quoteDetails = z.object({
  kind: z.literal('quote'),
  moving_from_address: z.string(),
  moving_from_apartment_type: z.string(),
  number_of_room_moving_from: z.string(),
  aptFloor: z.string(),
  moving_to_address: z.string(),
  moving_to_apartment_type: z.string(),
  number_of_room_moving_to: z.string(),
  toAptFloor: z.string(),
  full_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  mobile_phone: z.nullable(z.string()),
  /** Service ids, comma-separated as sent (see relocationServices for the labels). */
  Services: z.string(),
  date_of_inspection: z.nullable(z.string()),
  moving_date: z.nullable(z.string()),
  description: z.nullable(z.string()),
  photos: z.array(z.string()),
});

/** Any delivery as sent: the sender, and one receiver (instant, scheduled) or several (bulk). */
export const deliveryDetails = z.object({
  kind: z.literal('delivery'),
  pickup_address: z.string(),
  sender_fullname: z.string(),
  sender_phone: z.string(),
  pickup_date: z.nullable(z.string()),
  description: z.string(),
  receivers: z.array(
    z.object({
      address: z.string(),
      name: z.string(),
      phone: z.string(),
      delivery_date: z.nullable(z.string()),
    }),
  ),
});

/** A receipt line of an order: one per payment. */
export const receiptSummary = z.object({
  /** RCT-<year>-<6 digits>, sequential per year (Lagos). */
  number: z.string(),
  amount_kobo: z.number(),
  /** `card`, `bank_transfer`, `cash`, or the channel Paystack reported (`bank`, `ussd`…). */
  method: z.string(),
  paid_at: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;

export const refund = z.object({
  id: z.number(),
  /** What goes back, after the fee. */
  amount_kobo: z.number(),
  /** The cancellation fee kept from the payment this refund returns. */
  fee_kobo: z.number(),
  state: z.enum(refundStates),
  route: z.enum(refundRoutes),
  /** YYYY-MM-DD, Lagos: 7 business days after it fell due. */
  due_by: z.string(),
  /** Past due_by and not done. */
  overdue: z.boolean(),
  done_at: z.nullable(z.string()),
  /** Staff's transfer reference of an office refund, Paystack's refund id of a card one. */
  reference: z.nullable(z.string()),
});
export type Refund = z.infer<typeof refund>;

/** What cancelling now would keep as a fee and give back, in kobo (both 0 when nothing was paid). */
export const cancellation = z.object({ fee_kobo: z.number(), refund_kobo: z.number() });
export type Cancellation = z.infer<typeof cancellation>;

export const orderDetail = z.extend(order, {
  updated_at: z.string(),
  details: z.discriminatedUnion('kind', [quoteDetails, deliveryDetails]),
  history: z.array(historyEntry),
  receipts: z._default(z.array(receiptSummary), []),
  refunds: z._default(z.array(refund), []),
  /** Present while the order can be cancelled (by this reader), null otherwise. */
  cancellation: z._default(z.nullable(cancellation), null),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderResponse = z.object({ message: z.string(), data: orderDetail });

export const customer = z.object({ fullname: z.string(), email: z.string(), phone: z.string() });

export const staffOrder = z.extend(order, {
  updated_at: z.string(),
  customer,
  /** The pickup date of a delivery or the moving date of a move, when it has one. */
  job_date: z.nullable(z.string()),
  /** Null until a price is accepted; `?payment_state=` filters on it. */
  payment_state: z._default(z.nullable(z.enum(paymentStates)), null),
});
export type StaffOrder = z.infer<typeof staffOrder>;
/** A page of a list: `next_cursor` asks for the next one, null on the last page. */
const page = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(row: T) =>
  z.object({ message: z.string(), data: z.array(row), next_cursor: z.nullable(z.string()) });
export const staffOrdersResponse = page(staffOrder);

/**
 * A Paystack payment that reported another amount or currency than was asked: recorded for
 * staff, never counted as paid.
 */
export const paymentMismatch = z.object({
  paystack_reference: z.string(),
  asked_kobo: z.number(),
  reported_kobo: z.number(),
  reported_currency: z.string(),
  at: z.string(),
});

export const staffOrderDetail = z.extend(orderDetail, {
  customer,
  offers: z.array(offer),
  payment_state: z._default(z.nullable(z.enum(paymentStates)), null),
  payment_mismatches: z._default(z.array(paymentMismatch), []),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;
export const staffOrderResponse = z.object({ message: z.string(), data: staffOrderDetail });

export const staffApplication = z.object({
  id: z.number(),
  role: z.enum(['mover', 'packer']),
  full_name: z.string(),
  email: z.nullable(z.string()),
  age: z.number(),
  mobile_number: z.string(),
  location: z.string(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
});
export type StaffApplication = z.infer<typeof staffApplication>;
export const staffApplicationsResponse = page(staffApplication);
export const staffApplicationResponse = z.object({ message: z.string(), data: staffApplication });

export const overviewResponse = z.object({
  message: z.string(),
  data: z.object({
    ...(Object.fromEntries(overviewCounts.map((count) => [count, z.number()])) as Record<
      OverviewCount,
      z.ZodMiniNumber
    >),
    /** The days (Lagos time) the counts were taken for, so the links name the same days. */
    today: z.string(),
    tomorrow: z.string(),
  }),
});
export type Overview = z.infer<typeof overviewResponse>['data'];

export const subscriber = z.object({ email: z.string(), created_at: z.string() });
export type Subscriber = z.infer<typeof subscriber>;
export const staffSubscribersResponse = page(subscriber);

/** The mail outbox as staff see it (`npm run ops -- mail`): what waits, what failed for good. */
export const mailBacklogResponse = z.object({
  message: z.string(),
  data: z.object({
    pending: z.number(),
    failed: z.number(),
    oldest_pending: z.nullable(z.string()),
    failures: z.array(
      z.object({
        id: z.number(),
        to: z.string(),
        subject: z.string(),
        attempts: z.number(),
        last_error: z.nullable(z.string()),
        created_at: z.string(),
      }),
    ),
  }),
});

/** An online payment started: the browser goes to `authorization_url` (Paystack's checkout). */
export const startPaymentResponse = z.object({
  message: z.string(),
  data: z.object({ authorization_url: z.string(), reference: z.string() }),
});

/**
 * What the Paystack payment `reference` came to, as the server verified it: `pending` while
 * Paystack has no outcome yet, `paid` (counted), `failed` (declined or abandoned: pay again, a
 * new attempt), `mismatch` (another amount or currency than asked: staff look into it); and the
 * order's money after it.
 */
export const paymentAttemptStates = ['pending', 'paid', 'failed', 'mismatch'] as const;
export const verifyPaymentResponse = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    state: z.enum(paymentAttemptStates),
    paid: z.boolean(),
    payment: z.nullable(orderPayment),
    /** The receipt of this payment once it is paid. */
    receipt: z.nullable(z.string()),
  }),
});

/** Everything the printable receipt shows (one A4 page); times are ISO, shown in Lagos time. */
export const receipt = z.object({
  number: z.string(),
  amount_kobo: z.number(),
  method: z.string(),
  /** Paystack's reference of a card payment, staff's reference of an office one. */
  payment_reference: z.string(),
  paid_at: z.string(),
  /** The same moment written out in Lagos time ("25 November 2026, 14:05 WAT"). */
  paid_at_lagos: z.string(),
  company: z.object({ name: z.string(), address: z.string() }),
  customer: z.object({ fullname: z.string(), email: z.string(), phone: z.string() }),
  order: z.object({
    reference_number: z.string(),
    service_type: z.enum(serviceTypes),
    price_kobo: z.number(),
  }),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = z.object({ message: z.string(), data: receipt });

/** A refund waiting for staff, with its order: overdue ones first, then by due date. */
export const staffRefundRow = z.extend(refund, { reference_number: z.string(), customer });
export const staffRefundsResponse = page(staffRefundRow);

export const healthResponse = z.object({ status: z.literal('ok') });

/** Every 4xx answers `message`, and field messages under `errors` (and `data` for bookings). */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  data: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorResponse>;

/**
 * The 409 of an answer to an offer that is not the order's open one (replaced by a new price,
 * already answered, expired, or the order is final): the usual error body and the order as it
 * is now, its current offer included, so the page shows the new price without another call.
 */
export const offerConflictResponse = z.extend(errorResponse, { order: orderDetail });
export type OfferConflictBody = z.infer<typeof offerConflictResponse>;

// ---------------------------------------------------------------------------------------------
// Prices (README "Prices"): the tariff staff edit, and the estimate of an order before booking.

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
    z.maximum(1000),
  );
const zoneId = z
  .string({ error: 'Name the zone.' })
  .check(z.trim(), z.minLength(1, 'Name the zone.'), z.maxLength(60));

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
    .check(z.int('Enter a whole number.'), z.minimum(0, 'Cannot be negative.'), z.maximum(1000)),
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
  moving_from_apartment_type: z.optional(z.string().check(z.maxLength(60))),
  number_of_room_moving_from: z.optional(z.string().check(z.maxLength(10))),
  aptFloor: z.optional(z.string().check(z.maxLength(10))),
  toAptFloor: z.optional(z.string().check(z.maxLength(10))),
  Services: z.optional(z.string().check(z.maxLength(200))),
});
export const estimateResult = z.union([
  orderPrice,
  orderEstimate,
  z.object({ version: z.number(), on_request: z.literal(true) }),
  z.object({ incomplete: z.literal(true) }),
]);
export type EstimateResult = z.infer<typeof estimateResult>;
export const estimateResponse = z.object({ message: z.string(), data: estimateResult });

// ---------------------------------------------------------------------------------------------
// The calls. `path` is relative to the /api/v1 prefix; `{id}` is filled by the client.
// The calls. `path` is relative to the /api/v1 prefix; `{id}` (an order's reference, an account
// id…) and `{key}` (a second name under it: a payment's reference, a receipt number, a refund id)
// are filled by the client.

/**
 * Answers of calls whose text the site does not check (`success: null`, as the original API's
 * answer is not read there): the server says them, and the site shows the delivery ones itself.
 */
export const DELIVERY_CREATED = 'Delivery created successfully';
export const BULK_DELIVERY_CREATED = 'Bulk Delivery created successfully';
export const LOGGED_OUT = 'User successfully logged out';

/** `staff`: a staff member's session, or the ops token; `ops`: the ops token of the ops command only. */
type Auth = 'none' | 'bearer' | 'optional' | 'staff' | 'ops';
type Body = 'json' | 'multipart' | 'none';

interface CallSpec {
  method: 'GET' | 'POST' | 'PUT';
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

const define = <T extends Record<string, CallSpec>>(calls: T) => calls;

export const calls = define({
  moverRegistration: {
    method: 'POST',
    path: 'Mover-Registration',
    body: 'json',
    auth: 'none',
    request: applicationRequest,
    response: messageResponse,
    success: 'Mover request created successfully',
    fallback: 'Application failed. Please try again.',
  },
  packerRegistration: {
    method: 'POST',
    path: 'Packer-Registration',
    body: 'json',
    auth: 'none',
    request: applicationRequest,
    response: messageResponse,
    success: 'Packer request created successfully',
    fallback: 'Application failed. Please try again.',
  },
  register: {
    method: 'POST',
    path: 'register',
    body: 'json',
    auth: 'none',
    request: registerRequest,
    response: messageResponse,
    success: 'User created successfully',
    fallback: 'Registration failed. Please try again.',
  },
  login: {
    method: 'POST',
    path: 'login',
    body: 'json',
    auth: 'none',
    request: loginRequest,
    response: loginResponse,
    success: 'User successfully logged in',
    fallback: null,
  },
  logout: {
    method: 'GET',
    path: 'users/logout',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: messageResponse,
    success: null,
    fallback: null,
  },
  forgetPassword: {
    method: 'POST',
    path: 'forget-password',
    body: 'json',
    auth: 'none',
    request: emailOnlyRequest,
    response: messageResponse,
    success: 'OTP code sent to your email',
    fallback: null,
  },
  verifyOtp: {
    method: 'POST',
    path: 'verify-otp',
    body: 'json',
    auth: 'none',
    request: verifyOtpRequest,
    response: verifyOtpResponse,
    success: 'OTP code verified successfully',
    fallback: null,
  },
  passwordReset: {
    method: 'POST',
    path: 'passwordReset',
    body: 'json',
    auth: 'none',
    request: passwordResetRequest,
    response: messageResponse,
    success: 'Password reset successful',
    fallback: null,
  },
  verifyEmail: {
    method: 'POST',
    path: 'verify-email',
    body: 'json',
    auth: 'none',
    request: verifyEmailRequest,
    response: messageResponse,
    success: 'Email verified successfully',
    fallback: null,
  },
  resendOtp: {
    method: 'POST',
    path: 'resendOtp',
    body: 'json',
    auth: 'none',
    request: emailOnlyRequest,
    response: messageResponse,
    success: 'OTP resent successfully',
    fallback: null,
  },
  stateService: {
    method: 'POST',
    path: 'users/state-service',
    body: 'json',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: 'State service created successfully',
    fallback: null,
    quote: true,
  },
  stateServiceMultipart: {
    method: 'POST',
    path: 'users/state-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: 'State service created successfully',
    fallback: null,
    quote: true,
  },
  localService: {
    method: 'POST',
    path: 'users/Local-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: 'Local service created successfully',
    fallback: null,
    quote: true,
  },
  officeService: {
    method: 'POST',
    path: 'users/Office-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: 'Office service created successfully',
    fallback: null,
    quote: true,
  },
  trackingStatus: {
    method: 'POST',
    path: 'users/tracking/status',
    body: 'multipart',
    auth: 'optional',
    request: trackingRequest,
    response: trackingResponse,
    success: 'Package found',
    fallback: null,
  },
  changePassword: {
    method: 'POST',
    path: 'users/ChangePassword',
    body: 'json',
    auth: 'bearer',
    request: changePasswordRequest,
    response: messageResponse,
    success: 'Password changed successfully',
    fallback: null,
  },
  deleteUser: {
    method: 'POST',
    path: 'users/DeleteUser',
    body: 'json',
    auth: 'bearer',
    request: deleteUserRequest,
    response: deleteUserResponse,
    success: 'User data deleted successfully.',
    fallback: null,
  },
  editProfile: {
    method: 'POST',
    path: 'users/edit/{id}',
    body: 'multipart',
    auth: 'bearer',
    request: profileUpdateRequest,
    response: profileResponse,
    success: 'User Profile updated successfully.',
    fallback: null,
  },
  profile: {
    method: 'GET',
    path: 'users/profile',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: profileResponse,
    success: 'Profile found',
    fallback: null,
  },
  instantDelivery: {
    method: 'POST',
    path: 'users/StoreDilivery',
    body: 'json',
    auth: 'bearer',
    request: instantDeliveryRequest,
    response: referenceResponse,
    success: DELIVERY_CREATED,
    fallback: null,
    booking: true,
  },
  scheduledDelivery: {
    method: 'POST',
    path: 'users/schedule/delivery',
    body: 'json',
    auth: 'bearer',
    request: scheduledDeliveryRequest,
    response: referenceResponse,
    success: null,
    fallback: null,
    booking: true,
  },
  bulkDelivery: {
    method: 'POST',
    path: 'users/bulk/delivery',
    body: 'json',
    auth: 'bearer',
    request: bulkDeliveryRequest,
    response: referenceResponse,
    success: null,
    fallback: null,
    booking: true,
  },
  orders: {
    method: 'GET',
    path: 'users/orders',
    body: 'none',
    auth: 'bearer',
    request: null,
    query: ordersQuery,
    response: ordersResponse,
    success: 'Orders found',
    fallback: null,
  },
  newsletter: {
    method: 'POST',
    path: 'newsletter',
    body: 'json',
    auth: 'none',
    request: newsletterRequest,
    response: messageResponse,
    success: 'Subscribed successfully',
    fallback: null,
  },
  order: {
    method: 'GET',
    path: 'users/orders/{id}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: orderResponse,
    success: 'Order found',
    fallback: null,
  },
  acceptOffer: {
    method: 'POST',
    path: 'users/orders/{id}/offer/accept',
    body: 'json',
    auth: 'bearer',
    request: acceptOfferRequest,
    response: orderResponse,
    success: 'Offer accepted',
    fallback: null,
    conflict: offerConflictResponse,
  },
  declineOffer: {
    method: 'POST',
    path: 'users/orders/{id}/offer/decline',
    body: 'json',
    auth: 'bearer',
    request: declineOfferRequest,
    response: orderResponse,
    success: 'Offer declined',
    fallback: null,
    conflict: offerConflictResponse,
  },
  cancelOrder: {
    method: 'POST',
    path: 'users/orders/{id}/cancel',
    body: 'json',
    auth: 'bearer',
    request: cancelOrderRequest,
    response: orderResponse,
    success: 'Order cancelled',
    fallback: null,
  },
  rescheduleOrder: {
    method: 'POST',
    path: 'users/orders/{id}/reschedule',
    body: 'json',
    auth: 'bearer',
    request: rescheduleRequest,
    response: orderResponse,
    success: 'Dates changed',
    fallback: null,
  },
  staffOrders: {
    method: 'GET',
    path: 'staff/orders',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffOrdersQuery,
    response: staffOrdersResponse,
    success: 'Orders found',
    fallback: null,
    csv: true,
  },
  staffOverview: {
    method: 'GET',
    path: 'staff/overview',
    body: 'none',
    auth: 'staff',
    request: null,
    response: overviewResponse,
    success: 'Overview found',
    fallback: null,
  },
  staffOrder: {
    method: 'GET',
    path: 'staff/orders/{id}',
    body: 'none',
    auth: 'staff',
    request: null,
    response: staffOrderResponse,
    success: 'Order found',
    fallback: null,
  },
  staffSetStatus: {
    method: 'POST',
    path: 'staff/orders/{id}/status',
    body: 'json',
    auth: 'staff',
    request: setStatusRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  staffSendOffer: {
    method: 'POST',
    path: 'staff/orders/{id}/offer',
    body: 'json',
    auth: 'staff',
    request: offerRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  startPayment: {
    method: 'POST',
    path: 'users/orders/{id}/payments',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: startPaymentResponse,
    success: 'Payment started',
    fallback: null,
  },
  /** `{key}`: the Paystack reference the checkout sent the browser back with. */
  verifyPayment: {
    method: 'GET',
    path: 'users/orders/{id}/payments/{key}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: verifyPaymentResponse,
    success: null,
    fallback: null,
  },
  /** `{key}`: the receipt number. The owner, or staff (their session or the ops token). */
  receipt: {
    method: 'GET',
    path: 'users/orders/{id}/receipts/{key}',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: receiptResponse,
    success: 'Receipt found',
    fallback: null,
  },
  /**
   * Paystack's events (`charge.success`, `refund.processed`), signed with `x-paystack-signature`
   * (HMAC-SHA512 of the raw body): 200 once handled or already handled, 401 unsigned or
   * mis-signed. The body is checked against Paystack's event shapes after the signature
   * (server/money/paystack-schemas.ts), so no request schema here.
   */
  paystackWebhook: {
    method: 'POST',
    path: 'payments/paystack/webhook',
    body: 'json',
    auth: 'none',
    request: null,
    response: messageResponse,
    success: null,
    fallback: null,
  },
  staffRecordPayment: {
    method: 'POST',
    path: 'staff/orders/{id}/payments',
    body: 'json',
    auth: 'staff',
    request: officePaymentRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  /** `{key}`: the refund's id. */
  staffRefundDone: {
    method: 'POST',
    path: 'staff/orders/{id}/refunds/{key}/done',
    body: 'json',
    auth: 'staff',
    request: refundDoneRequest,
    response: staffOrderResponse,
    success: null,
    fallback: null,
  },
  staffRefunds: {
    method: 'GET',
    path: 'staff/refunds',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffRefundsQuery,
    response: staffRefundsResponse,
    success: 'Refunds found',
    fallback: null,
  },
  staffApplications: {
    method: 'GET',
    path: 'staff/applications',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffApplicationsQuery,
    response: staffApplicationsResponse,
    success: 'Applications found',
    fallback: null,
  },
  staffSetApplicationStatus: {
    method: 'POST',
    path: 'staff/applications/{id}/status',
    body: 'json',
    auth: 'staff',
    request: applicationStatusRequest,
    response: staffApplicationResponse,
    success: null,
    fallback: null,
  },
  staffSubscribers: {
    method: 'GET',
    path: 'staff/subscribers',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffSubscribersQuery,
    response: staffSubscribersResponse,
    success: 'Subscribers found',
    fallback: null,
    csv: true,
  },
  setRole: {
    method: 'POST',
    path: 'staff/roles',
    body: 'json',
    auth: 'ops',
    request: setRoleRequest,
    response: messageResponse,
    success: null,
    fallback: null,
  },
  staffMail: {
    method: 'GET',
    path: 'staff/mail',
    body: 'none',
    auth: 'staff',
    request: null,
    response: mailBacklogResponse,
    success: 'Mail backlog',
    fallback: null,
  },
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
  health: {
    method: 'GET',
    path: 'healthz',
    body: 'none',
    auth: 'none',
    request: null,
    response: healthResponse,
    success: null,
    fallback: null,
  },
});

export type CallName = keyof typeof calls;
export type RequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodMiniType
  ? z.input<(typeof calls)[N]['request']>
  : undefined;
export type ParsedRequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodMiniType
  ? z.output<(typeof calls)[N]['request']>
  : undefined;
export type ResponseOf<N extends CallName> = z.output<(typeof calls)[N]['response']>;
type QuerySchemaOf<N extends CallName> = (typeof calls)[N] extends {
  query: infer Q extends z.ZodMiniType;
}
  ? Q
  : null;
/** The query string a call takes (filters, cursor), as the caller writes it. */
export type QueryOf<N extends CallName> =
  QuerySchemaOf<N> extends z.ZodMiniType ? z.input<QuerySchemaOf<N>> : never;
export type ParsedQueryOf<N extends CallName> =
  QuerySchemaOf<N> extends z.ZodMiniType ? z.output<QuerySchemaOf<N>> : never;

/** The wire types the rest of the code works with. */
export type LoginRequest = z.input<typeof loginRequest>;
export type LoginResponse = z.output<typeof loginResponse>;
export type QuoteRequest = z.input<typeof quoteRequest>;
export type BulkDeliveryRequest = z.input<typeof bulkDeliveryRequest>;

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
