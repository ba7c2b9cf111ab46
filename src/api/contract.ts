/**
 * The /api/v1 wire contract: every call of SPEC section 7 and the extensions of DESIGN.md.
 * Field names are spelt exactly as on the wire (dilivery_address, succes, Reason, ProgressBar…).
 * The website validates what it receives with these schemas; the server validates what it
 * accepts with the same ones. Nothing else in the code declares a wire shape.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Field rules users expect (DESIGN.md), with the messages shown under the field.

export const GENERIC_ERROR = 'An error occurred. Please try again.';
export const QUOTE_ERROR = 'An error occurred while submitting the quote.';

const PHONE_PATTERN = /^(?:0\d{10}|\+234\d{10})$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A required text field: missing, wrong type and blank all answer with `message`. */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Keep this under ${max} characters.`);

const optionalText = (max = 2000) =>
  z.string().trim().max(max, `Keep this under ${max} characters.`).optional();

export const email = (requiredMessage = 'Please fill in your email.') =>
  requiredText(requiredMessage, 254)
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }));

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

export const nigerianPhone = (requiredMessage = 'Please fill in your mobile number.') =>
  z
    .string({ error: requiredMessage })
    .transform(tidyPhone)
    .pipe(
      z
        .string()
        .min(1, { error: requiredMessage, abort: true })
        .regex(PHONE_PATTERN, 'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.'),
    );

export const password = (requiredMessage = 'Please enter a password.') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(8, 'Use at least 8 characters for your password.')
    .max(128, 'Keep your password under 128 characters.');

/** Today's calendar date in Lagos (UTC+1, no daylight saving), as YYYY-MM-DD. */
export function todayInLagos(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const date = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    // Each check stops the next, so an empty date says only that it is missing.
    .min(1, { error: requiredMessage, abort: true })
    .regex(DATE_PATTERN, { error: 'Pick a date from the calendar.', abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'Pick a date from the calendar.', abort: true })
    .refine((value) => value >= todayInLagos(), 'Pick today or a later date.');

const optionalDate = (label: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), date(label).optional());

/** Adds `message` at `path` when `later` is before `earlier` (both YYYY-MM-DD, so text order is date order). */
function notBefore<T>(later: (v: T) => string | undefined, earlier: (v: T) => string | undefined, path: string, message: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = later(value);
    const b = earlier(value);
    if (a && b && a < b) ctx.addIssue({ code: 'custom', path: [path], message });
  };
}

// ---------------------------------------------------------------------------------------------
// Choice lists (SPEC section 3).

export const threeStepApartmentTypes = ['Studio', '1 Bedroom', '2 Bedrooms', '3 Bedrooms', 'Penthouse'] as const;
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

const apartmentTypes = [...new Set([...threeStepApartmentTypes, ...fiveStepApartmentTypes])] as [string, ...string[]];
const apartmentType = z.enum(apartmentTypes, {
  error: 'Select apartment type.',
});
const roomCount = z.enum(threeStepRoomCounts, { error: 'Select number of rooms.' });
const floor = z.enum(threeStepFloors, { error: 'Select apartment floor.' });
const serviceIds = relocationServices.map((service) => service.id) as [RelocationServiceId, ...RelocationServiceId[]];

/** `Services` travels as comma-separated ids ("packing_and_loading,just_moving"). */
export const servicesField = z
  .string({ error: 'Choose at least one service.' })
  .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(z.enum(serviceIds, { error: 'Choose services from the list.' })).min(1, 'Choose at least one service.'))
  .transform((ids) => [...new Set(ids)].join(','));

// ---------------------------------------------------------------------------------------------
// Statuses and service types.

export const shipmentStatuses = ['ToInspect', 'Shipped', 'Delivered'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatus = z.enum(shipmentStatuses);

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

// ---------------------------------------------------------------------------------------------
// Requests.

export const applicationRequest = z.object({
  full_name: requiredText('Please fill in your full name.', 120),
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    email().optional(),
  ),
  age: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: 'Please enter your age in years.' })
      .int('Please enter your age in whole years.')
      .min(18, 'You must be at least 18 to apply.')
      .max(75, 'Please enter an age of 75 or under.'),
  ),
  mobile_number: nigerianPhone(),
  location: requiredText('Please fill in your location.', 200),
});

const passwordPair = <T extends z.ZodRawShape>(shape: T, passwordKey: string, confirmationKey: string) =>
  z.object(shape).superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    if (record[passwordKey] !== record[confirmationKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmationKey], message: 'Passwords do not match' });
    }
  });

export const registerRequest = passwordPair(
  {
    fullname: requiredText('Please fill in your full name.', 120),
    email: email(),
    phone: nigerianPhone('Please fill in your phone number.'),
    password: password(),
    password_confirmation: z.string({ error: 'Please confirm your password.' }).min(1, 'Please confirm your password.'),
  },
  'password',
  'password_confirmation',
);

export const loginRequest = z.object({
  email: email(),
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
});

export const emailOnlyRequest = z.object({ email: email() });

const sixDigits = (message: string) => z.string({ error: message }).trim().regex(/^\d{6}$/, message);

export const OTP_MESSAGE = 'Please enter a 6-digit OTP code.';
export const TOKEN_MESSAGE = 'Please enter a 6-digit Token sent to your email';

export const verifyOtpRequest = z.object({ otp: sixDigits(OTP_MESSAGE), email: email().optional() });
export const verifyEmailRequest = z.object({
  verification_token: sixDigits(TOKEN_MESSAGE),
  email: email().optional(),
});

export const passwordResetRequest = passwordPair(
  {
    email: email(),
    password: password(),
    password_confirmation: z.string({ error: 'Please confirm your password.' }).min(1, 'Please confirm your password.'),
    reset_token: requiredText('Your reset session has ended. Please request a new code.', 200),
  },
  'password',
  'password_confirmation',
);

export const changePasswordRequest = passwordPair(
  {
    old_password: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(128),
    new_password: password('Please enter a new password.'),
    new_password_confirmation: z
      .string({ error: 'Please confirm your new password.' })
      .min(1, 'Please confirm your new password.'),
  },
  'new_password',
  'new_password_confirmation',
);

export const deleteUserRequest = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
  Reason: requiredText('Please tell us why you are leaving.', 1000),
});

/** Multipart text fields of users/edit/{id}; the optional image travels as `profile_image`. */
export const profileUpdateRequest = z.object({
  fullname: requiredText('Please fill in your full name.', 120),
  phone: nigerianPhone('Please fill in your mobile number.'),
});

/** Both quote forms post this shape; each form checks its own required fields before sending. */
export const quoteRequest = z
  .object({
    moving_from_address: requiredText('Please fill in your address.'),
    moving_from_apartment_type: apartmentType,
    number_of_room_moving_from: roomCount,
    aptFloor: floor,
    moving_to_address: requiredText('Please fill in your address.'),
    moving_to_apartment_type: apartmentType,
    number_of_room_moving_to: roomCount,
    toAptFloor: floor,
    full_name: optionalText(120),
    email: z.preprocess((value) => (value === '' ? undefined : value), email().optional()),
    mobile_phone: z.preprocess((value) => (value === '' ? undefined : value), nigerianPhone().optional()),
    Services: servicesField,
    moving_date: optionalDate('Please choose your moving date.'),
    date_of_inspection: optionalDate('Please choose an inspection date.'),
    description: optionalText(2000),
  })
  .superRefine(
    notBefore(
      (v) => v.moving_date,
      (v) => v.date_of_inspection,
      'date_of_inspection',
      'The inspection must be on or before the moving date.',
    ),
  );

export const instantDeliveryRequest = z.object({
  pickup_address: requiredText('Please fill in the pickup address.'),
  dilivery_address: requiredText('Please fill in the delivery address.'),
  sender_fullname: requiredText("Please fill in the sender's name.", 120),
  receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
  sender_number: nigerianPhone("Please fill in the sender's phone number."),
  receiver_number: nigerianPhone("Please fill in the receiver's phone number."),
  description: requiredText('Please describe the package.', 2000),
});

export const scheduledDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    delivery_address: requiredText('Please fill in the delivery address.'),
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
    sender_phone: nigerianPhone("Please fill in the sender's phone number."),
    receiver_phone: nigerianPhone("Please fill in the receiver's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    delivery_date: date('Please choose a delivery date.'),
    description: requiredText('Please describe the package.', 2000),
  })
  .superRefine(
    notBefore((v) => v.delivery_date, (v) => v.pickup_date, 'delivery_date', 'Delivery cannot be before pickup.'),
  );

export const MAX_RECEIVERS = 50;

export const receiver = z.object({
  address: requiredText("Please fill in the receiver's address."),
  name: requiredText("Please fill in the receiver's name.", 120),
  phone: nigerianPhone("Please fill in the receiver's phone number."),
  date: date('Please choose a delivery date.'),
});
export type Receiver = z.input<typeof receiver>;

export const bulkDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    sender_number: nigerianPhone("Please fill in the sender's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    description: requiredText('Please describe the packages.', 2000),
    receiver_details: z
      .array(receiver, { error: 'Add at least one receiver.' })
      .min(1, 'Add at least one receiver.')
      .max(MAX_RECEIVERS, `You can add at most ${MAX_RECEIVERS} receivers.`),
  })
  .superRefine((value, ctx) => {
    value.receiver_details.forEach((entry, index) => {
      if (entry.date < value.pickup_date) {
        ctx.addIssue({
          code: 'custom',
          path: ['receiver_details', index, 'date'],
          message: `Receiver ${index + 1}: delivery cannot be before pickup.`,
        });
      }
    });
  });

export const trackingRequest = z.object({
  reference_id: requiredText('Please enter your tracking code.', 64),
});

export const newsletterRequest = z.object({ email: email('Please enter your email.') });

export const setStatusRequest = z.object({ status: shipmentStatus });

// ---------------------------------------------------------------------------------------------
// Responses.

export const messageResponse = z.object({ message: z.string() });
const referenceResponse = z.object({
  message: z.string(),
  data: z.object({ reference_number: z.string() }),
});

export const loginResponse = z.object({
  message: z.string(),
  token: z.string(),
  data: z.object({ id: z.number(), profile_image: z.string().nullable(), email: z.string() }),
});

export const verifyOtpResponse = z.object({
  message: z.string(),
  data: z.object({ reset_token: z.string() }),
});

export const deleteUserResponse = z.object({ succes: z.string() });

export const profile = z.object({
  id: z.number(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  profile_image: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = z.object({ message: z.string(), data: profile });

export const trackingResult = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  ProgressBar: z.number().min(0).max(100),
  'date created': z.string(),
  'date updated': z.string(),
  history: z.array(z.object({ status: shipmentStatus, date: z.string() })),
});
export type TrackingResult = z.infer<typeof trackingResult>;
export const trackingResponse = z.object({ message: z.string(), data: trackingResult });

export const order = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  created_at: z.string(),
});
export type Order = z.infer<typeof order>;
export const ordersResponse = z.object({ message: z.string(), data: z.array(order) });

export const staffOrder = order.extend({ updated_at: z.string(), email: z.string().nullable() });
export const staffOrdersResponse = z.object({ message: z.string(), data: z.array(staffOrder) });

export const healthResponse = z.object({ status: z.literal('ok') });

/** Every 4xx answers `message`, and field messages under `errors` (and `data` for bookings). */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorResponse>;

// ---------------------------------------------------------------------------------------------
// The calls. `path` is relative to the /api/v1 prefix; `{id}` is filled by the client.

type Auth = 'none' | 'bearer' | 'optional' | 'staff';
type Body = 'json' | 'multipart' | 'none';

interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  body: Body;
  auth: Auth;
  request: z.ZodType | null;
  response: z.ZodType;
  /** The exact text in `message` (or `succes`) that means success. */
  success: string | null;
  /** Shown when a 2xx answer carries some other message; null shows the server's own. */
  fallback: string | null;
  /** Field errors sit under `data` for the booking calls (SPEC section 8). */
  booking?: true;
  /** Quote failures also say QUOTE_ERROR. */
  quote?: true;
}

const define = <T extends Record<string, CallSpec>>(calls: T) => calls;

export const calls = define({
  moverRegistration: {
    method: 'POST', path: 'Mover-Registration', body: 'json', auth: 'none',
    request: applicationRequest, response: messageResponse,
    success: 'Mover request created successfully', fallback: 'Application failed. Please try again.',
  },
  packerRegistration: {
    method: 'POST', path: 'Packer-Registration', body: 'json', auth: 'none',
    request: applicationRequest, response: messageResponse,
    success: 'Packer request created successfully', fallback: 'Application failed. Please try again.',
  },
  register: {
    method: 'POST', path: 'register', body: 'json', auth: 'none',
    request: registerRequest, response: messageResponse,
    success: 'User created successfully', fallback: 'Registration failed. Please try again.',
  },
  login: {
    method: 'POST', path: 'login', body: 'json', auth: 'none',
    request: loginRequest, response: loginResponse,
    success: 'User successfully logged in', fallback: null,
  },
  logout: {
    method: 'GET', path: 'users/logout', body: 'none', auth: 'bearer',
    request: null, response: messageResponse, success: null, fallback: null,
  },
  forgetPassword: {
    method: 'POST', path: 'forget-password', body: 'json', auth: 'none',
    request: emailOnlyRequest, response: messageResponse,
    success: 'OTP code sent to your email', fallback: null,
  },
  verifyOtp: {
    method: 'POST', path: 'verify-otp', body: 'json', auth: 'none',
    request: verifyOtpRequest, response: verifyOtpResponse,
    success: 'OTP code verified successfully', fallback: null,
  },
  passwordReset: {
    method: 'POST', path: 'passwordReset', body: 'json', auth: 'none',
    request: passwordResetRequest, response: messageResponse,
    success: 'Password reset successful', fallback: null,
  },
  verifyEmail: {
    method: 'POST', path: 'verify-email', body: 'json', auth: 'none',
    request: verifyEmailRequest, response: messageResponse,
    success: 'Email verified successfully', fallback: null,
  },
  resendOtp: {
    method: 'POST', path: 'resendOtp', body: 'json', auth: 'none',
    request: emailOnlyRequest, response: messageResponse,
    success: 'OTP resent successfully', fallback: null,
  },
  stateService: {
    method: 'POST', path: 'users/state-service', body: 'json', auth: 'bearer',
    request: quoteRequest, response: referenceResponse,
    success: 'State service created successfully', fallback: null, quote: true,
  },
  stateServiceMultipart: {
    method: 'POST', path: 'users/state-service', body: 'multipart', auth: 'bearer',
    request: quoteRequest, response: referenceResponse,
    success: 'State service created successfully', fallback: null, quote: true,
  },
  localService: {
    method: 'POST', path: 'users/Local-service', body: 'multipart', auth: 'bearer',
    request: quoteRequest, response: referenceResponse,
    success: 'Local service created successfully', fallback: null, quote: true,
  },
  officeService: {
    method: 'POST', path: 'users/Office-service', body: 'multipart', auth: 'bearer',
    request: quoteRequest, response: referenceResponse,
    success: 'Office service created successfully', fallback: null, quote: true,
  },
  trackingStatus: {
    method: 'POST', path: 'users/tracking/status', body: 'multipart', auth: 'optional',
    request: trackingRequest, response: trackingResponse,
    success: 'Package found', fallback: null,
  },
  changePassword: {
    method: 'POST', path: 'users/ChangePassword', body: 'json', auth: 'bearer',
    request: changePasswordRequest, response: messageResponse,
    success: 'Password changed successfully', fallback: null,
  },
  deleteUser: {
    method: 'POST', path: 'users/DeleteUser', body: 'json', auth: 'bearer',
    request: deleteUserRequest, response: deleteUserResponse,
    success: 'User data deleted successfully.', fallback: null,
  },
  editProfile: {
    method: 'POST', path: 'users/edit/{id}', body: 'multipart', auth: 'bearer',
    request: profileUpdateRequest, response: profileResponse,
    success: 'User Profile updated successfully.', fallback: null,
  },
  profile: {
    method: 'GET', path: 'users/profile', body: 'none', auth: 'bearer',
    request: null, response: profileResponse, success: 'Profile found', fallback: null,
  },
  instantDelivery: {
    method: 'POST', path: 'users/StoreDilivery', body: 'json', auth: 'bearer',
    request: instantDeliveryRequest, response: referenceResponse,
    success: 'Delivery created successfully', fallback: null, booking: true,
  },
  scheduledDelivery: {
    method: 'POST', path: 'users/schedule/delivery', body: 'json', auth: 'bearer',
    request: scheduledDeliveryRequest, response: referenceResponse,
    success: null, fallback: null, booking: true,
  },
  bulkDelivery: {
    method: 'POST', path: 'users/bulk/delivery', body: 'json', auth: 'bearer',
    request: bulkDeliveryRequest, response: referenceResponse,
    success: null, fallback: null, booking: true,
  },
  orders: {
    method: 'GET', path: 'users/orders', body: 'none', auth: 'bearer',
    request: null, response: ordersResponse, success: 'Orders found', fallback: null,
  },
  newsletter: {
    method: 'POST', path: 'newsletter', body: 'json', auth: 'none',
    request: newsletterRequest, response: messageResponse,
    success: 'Subscribed successfully', fallback: null,
  },
  staffOrders: {
    method: 'GET', path: 'staff/orders', body: 'none', auth: 'staff',
    request: null, response: staffOrdersResponse, success: null, fallback: null,
  },
  staffSetStatus: {
    method: 'POST', path: 'staff/orders/{id}/status', body: 'json', auth: 'staff',
    request: setStatusRequest, response: trackingResponse, success: null, fallback: null,
  },
  health: {
    method: 'GET', path: 'healthz', body: 'none', auth: 'none',
    request: null, response: healthResponse, success: null, fallback: null,
  },
});

export type CallName = keyof typeof calls;
export type RequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodType
  ? z.input<(typeof calls)[N]['request']>
  : undefined;
export type ParsedRequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodType
  ? z.output<(typeof calls)[N]['request']>
  : undefined;
export type ResponseOf<N extends CallName> = z.output<(typeof calls)[N]['response']>;

/** The wire types the rest of the code works with. */
export type ApplicationRequest = z.input<typeof applicationRequest>;
export type RegisterRequest = z.input<typeof registerRequest>;
export type LoginRequest = z.input<typeof loginRequest>;
export type LoginResponse = z.output<typeof loginResponse>;
export type QuoteRequest = z.input<typeof quoteRequest>;
export type InstantDeliveryRequest = z.input<typeof instantDeliveryRequest>;
export type ScheduledDeliveryRequest = z.input<typeof scheduledDeliveryRequest>;
export type BulkDeliveryRequest = z.input<typeof bulkDeliveryRequest>;
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
export type DeleteUserRequest = z.input<typeof deleteUserRequest>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

/** Field messages of a failed parse, keyed like the wire (`receiver_details.2.phone`). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'form';
    (result[key] ??= []).includes(issue.message) || result[key].push(issue.message);
  }
  return result;
}
