/**
 * The crew member's day (docs/crew-phone.md): their jobs and what they record at a stop, the calls
 * of /crew. Apart from ./crews (staff's crews, assignment and dispatch), which re-exports it, so
 * the crew's page loads none of staff's schemas.
 */
import * as z from 'zod/mini';
import { calendarDate, define, optionalText, preprocess, serviceTypes } from './rules';
import { landmarkNote, stopKinds, stopStates, type StopKind, type StopState } from './stops';

export const failureReasons = [
  'recipient_unavailable',
  'address_not_found',
  'refused',
  'unsafe',
  'other',
] as const;
export type FailureReason = (typeof failureReasons)[number];
export const failureReasonLabels: Record<FailureReason, string> = {
  recipient_unavailable: 'Recipient unavailable',
  address_not_found: 'Address not found',
  refused: 'Refused',
  unsafe: 'Unsafe',
  other: 'Other',
};

/** A stop as the crew member works it: the code is never in it. */
export const crewStop = z.object({
  id: z.string(),
  kind: z.enum(stopKinds),
  address: z.string(),
  /** The landmark note the customer gave with the address (issue 37): shown under it. */
  landmark: landmarkNote,
  contact_name: z.string(),
  /** E.164, for the Call and WhatsApp buttons. */
  contact_phone: z.string(),
  state: z.enum(stopStates),
  /** Five wrong codes locked it: Delivered goes without a code (photo and name). */
  code_locked: z.boolean(),
});
export type CrewStop = z.infer<typeof crewStop>;

export const crewJob = z.object({
  reference: z.string(),
  service_type: z.enum(serviceTypes),
  date: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  description: z.string(),
  paid: z.boolean(),
  stops: z.array(crewStop),
});
export type CrewJob = z.infer<typeof crewJob>;

export const crewJobsQuery = z.object({ date: z.optional(calendarDate('Please choose a day.')) });
export const crewJobsResponse = z.object({
  message: z.string(),
  /** Today's and tomorrow's jobs (or the day asked for), in window order. */
  data: z.array(crewJob),
});

export const stopEventTypes = [
  'on_the_way',
  'arrived',
  'picked_up',
  'delivered',
  'failed',
] as const;
export type StopEventType = (typeof stopEventTypes)[number];

/**
 * The stop's states each event may follow: the server refuses the rest (409) and the crew's page
 * offers only these. Arrived comes after On the way, which texts the handover code; a stop may
 * fail before the crew sets off; a failed stop waits for staff to give it a new window.
 */
export const stopEventAllowedFrom: Record<StopEventType, readonly StopState[]> = {
  on_the_way: ['pending'],
  arrived: ['on_the_way'],
  picked_up: ['on_the_way', 'arrived'],
  delivered: ['on_the_way', 'arrived'],
  failed: ['pending', 'on_the_way', 'arrived'],
};

/** The stop's state after each event: the server's, and the crew's phone's while it waits to send. */
export const stopStateAfter: Record<StopEventType, StopState> = {
  on_the_way: 'on_the_way',
  arrived: 'arrived',
  picked_up: 'done',
  delivered: 'done',
  failed: 'failed',
};

export const CODE_MESSAGE = 'Enter the 4-digit code the receiver was sent.';
export const RECEIVER_NAME_MESSAGE = 'Please enter the name of the person who received it.';
export const FAILURE_REASON_MESSAGE = 'Choose why the stop failed.';
export const FAILURE_NOTE_MESSAGE = 'Please say what happened.';
export const PROOF_PHOTO_MESSAGE = 'Without a code, take a photo of the handover.';
export const MAX_PROOF_PHOTOS = 3;

/**
 * A move's stops take photos of the goods' condition (up to MAX_PROOF_PHOTOS, optional): its
 * loading with Picked up, its unloading with Delivered by the code (without the code, the photos
 * are the handover's proof).
 */
export const takesConditionPhotos = (kind: StopKind) => kind === 'loading' || kind === 'unloading';

/** A number, or the text of one: a form (the call with photos) carries every field as text. */
const coordinate = (min: number, max: number) =>
  preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z.optional(z.number().check(z.gte(min), z.lte(max))),
  );

export const TAKEN_AT_MESSAGE = 'Send the time the action was taken as an ISO date and time.';
export const SENT_AT_MESSAGE = 'Send the time the request was sent as an ISO date and time.';
/** An ISO date and time with its offset (`Z` or `+01:00`); zod's own check weighs more on every form page. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:\d\d)$/;
const isoTime = (message: string) =>
  z.string().check(
    z.regex(ISO_TIME, { error: message, abort: true }),
    z.refine((value) => !Number.isNaN(Date.parse(value)), message),
  );

/**
 * What a crew member records at a stop (multipart when photos go with it, `photos` up to 3).
 * Delivered takes `code`, or without it `receiver_name` and a photo; Failed takes a `reason`
 * (`other` with a note). The position is sent only when the crew member allowed it. `taken_at`
 * (an addition: docs/crews.md, "Actions sent later") is when the action was taken on the phone,
 * which may be well before it arrives; `sent_at` is the phone's clock when this request left it
 * (a new one on every try). The server takes the action's time as `taken_at` moved by its own
 * clock's difference from `sent_at`, so a phone's clock set wrong does not matter.
 */
export const stopEventRequest = z
  .object({
    type: z.enum(stopEventTypes, { error: 'Choose what happened at the stop.' }),
    code: z.optional(z.string().check(z.trim(), z.regex(/^\d{4}$/, CODE_MESSAGE))),
    receiver_name: optionalText(120),
    reason: z.optional(z.enum(failureReasons, { error: FAILURE_REASON_MESSAGE })),
    note: optionalText(500, 'many'),
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    accuracy_m: coordinate(0, 100_000),
    taken_at: z.optional(isoTime(TAKEN_AT_MESSAGE)),
    sent_at: z.optional(isoTime(SENT_AT_MESSAGE)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', input: value, path: [path], message });
      if (value.type === 'failed' && !value.reason) issue('reason', FAILURE_REASON_MESSAGE);
      if (value.type === 'failed' && value.reason === 'other' && !value.note)
        issue('note', FAILURE_NOTE_MESSAGE);
      if (value.type === 'delivered' && !value.code && !value.receiver_name)
        issue('receiver_name', RECEIVER_NAME_MESSAGE);
    }),
  );
export type StopEventRequest = z.infer<typeof stopEventRequest>;

export const stopEventResponse = z.object({ message: z.string(), data: crewStop });

export const crewDayCalls = define({
  crewJobs: {
    method: 'GET',
    path: 'crew/jobs',
    body: 'none',
    auth: 'crew',
    request: null,
    query: crewJobsQuery,
    response: crewJobsResponse,
    success: 'Jobs found',
    fallback: null,
  },
  stopEvent: {
    method: 'POST',
    path: 'crew/stops/{id}/events',
    body: 'multipart',
    auth: 'crew',
    request: stopEventRequest,
    response: stopEventResponse,
    success: 'Stop updated',
    fallback: null,
  },
});
