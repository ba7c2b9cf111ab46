/**
 * The day's work (docs/crews.md): crews and their members, an order's stops, its assignment to a
 * crew for a window, the dispatch board, the crew's jobs and what a crew member records at a stop.
 */
import * as z from 'zod/mini';
import { calendarDate, define, email, requiredText, serviceTypes } from './rules';
import { assignment, vehicles } from './stops';
import { crewDayCalls } from './crewDay';

// What an order's detail and the private link carry of the day's work is in ./stops, which the
// order pages and the light tracking-link page load without this area's calls
// (docs/architecture.md, "What a route loads").
export * from './stops';
export * from './stopLabels';
// The crew member's own calls (/crew) apart, so the crew's page loads none of staff's schemas.
export * from './crewDay';

export const crewRequest = z.object({
  name: requiredText('Please give the crew a name.', 80),
  vehicle: z.enum(vehicles, { error: 'Choose the crew’s vehicle.' }),
  plate: requiredText('Please enter the vehicle’s plate number.', 20),
});
export type CrewRequest = z.infer<typeof crewRequest>;

/** An existing account, by its email: it takes the crew role. */
export const crewMemberRequest = z.object({ email: email('Please enter the member’s email.') });

export const crewMember = z.object({
  /** The account's public id. */
  id: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  is_lead: z.boolean(),
});
export type CrewMember = z.infer<typeof crewMember>;

export const crew = z.object({
  id: z.string(),
  name: z.string(),
  vehicle: z.enum(vehicles),
  plate: z.string(),
  members: z.array(crewMember),
});
export type Crew = z.infer<typeof crew>;

export const crewsResponse = z.object({ message: z.string(), data: z.array(crew) });
export const crewResponse = z.object({ message: z.string(), data: crew });

/** HH:MM on a 24-hour clock, Lagos time. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_WINDOW_MINUTES = 4 * 60;
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const time = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage, abort: true }),
      z.regex(TIME_PATTERN, { error: 'Enter a time as HH:MM, for example 09:30.', abort: true }),
    );

export const WINDOW_ORDER_MESSAGE = 'The window must end after it starts.';
export const WINDOW_WIDTH_MESSAGE = 'A window can be at most 4 hours wide.';
export const WINDOW_PAST_MESSAGE = 'This window has already started: choose a later one.';

/**
 * `date`, `window_start` and `window_end` are Lagos time. A window not in the past is checked by
 * the server against its clock (the answer names `window_start`), as the page's clock may be wrong.
 */
export const assignmentRequest = z
  .object({
    crew_id: z.string({ error: 'Choose a crew.' }).check(z.minLength(1, 'Choose a crew.')),
    date: calendarDate('Please choose the day of the job.'),
    window_start: time('Please enter when the window starts.'),
    window_end: time('Please enter when the window ends.'),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!TIME_PATTERN.test(value.window_start) || !TIME_PATTERN.test(value.window_end)) return;
      const width = minutesOf(value.window_end) - minutesOf(value.window_start);
      if (width <= 0)
        ctx.issues.push({
          code: 'custom',
          input: value.window_end,
          path: ['window_end'],
          message: WINDOW_ORDER_MESSAGE,
        });
      else if (width > MAX_WINDOW_MINUTES)
        ctx.issues.push({
          code: 'custom',
          input: value.window_end,
          path: ['window_end'],
          message: WINDOW_WIDTH_MESSAGE,
        });
    }),
  );
export type AssignmentRequest = z.infer<typeof assignmentRequest>;

/** Another job of the same crew whose window overlaps: flagged, never refused. */
export const conflict = z.object({
  reference: z.string(),
  window_start: z.string(),
  window_end: z.string(),
});
export type Conflict = z.infer<typeof conflict>;

export const assignmentResponse = z.object({
  message: z.string(),
  data: z.object({ assignment, conflicts: z.array(conflict) }),
});

/** A job on the dispatch board. */
export const dispatchJob = z.object({
  reference: z.string(),
  service_type: z.enum(serviceTypes),
  /** The day it is booked for (YYYY-MM-DD). */
  job_date: z.nullable(z.string()),
  /** Booked for a day before the board's and not yet delivered. */
  overdue: z.boolean(),
  /** The first stop's address. */
  address: z.string(),
  window_start: z.nullable(z.string()),
  window_end: z.nullable(z.string()),
  /** Its window overlaps another job of the same crew. */
  conflict: z.boolean(),
});
export type DispatchJob = z.infer<typeof dispatchJob>;

export const dispatchQuery = z.object({ date: calendarDate('Please choose a day.') });

export const dispatchResponse = z.object({
  message: z.string(),
  data: z.object({
    date: z.string(),
    unassigned: z.array(dispatchJob),
    crews: z.array(z.object({ crew, jobs: z.array(dispatchJob) })),
  }),
});
export type Dispatch = z.infer<typeof dispatchResponse>['data'];

export const crewCalls = define({
  staffCrews: {
    method: 'GET',
    path: 'staff/crews',
    body: 'none',
    auth: 'staff',
    request: null,
    response: crewsResponse,
    success: 'Crews found',
    fallback: null,
  },
  createCrew: {
    method: 'POST',
    path: 'staff/crews',
    body: 'json',
    auth: 'staff',
    request: crewRequest,
    response: crewResponse,
    success: 'Crew created',
    fallback: null,
  },
  addCrewMember: {
    method: 'POST',
    path: 'staff/crews/{id}/members',
    body: 'json',
    auth: 'staff',
    request: crewMemberRequest,
    response: crewResponse,
    // The server says what happened (added, or already in the crew; the window and its overlaps).
    success: null,
    fallback: null,
  },
  /** `{key}`: the member's account id (a crew member's `id`). */
  removeCrewMember: {
    method: 'DELETE',
    path: 'staff/crews/{id}/members/{key}',
    body: 'none',
    auth: 'staff',
    request: null,
    response: crewResponse,
    success: 'Member removed',
    fallback: null,
  },
  /** `{id}`: the order's reference. */
  assignOrder: {
    method: 'POST',
    path: 'staff/orders/{id}/assignment',
    body: 'json',
    auth: 'staff',
    request: assignmentRequest,
    response: assignmentResponse,
    // The server says what happened (added, or already in the crew; the window and its overlaps).
    success: null,
    fallback: null,
  },
  dispatch: {
    method: 'GET',
    path: 'staff/dispatch',
    body: 'none',
    auth: 'staff',
    request: null,
    query: dispatchQuery,
    response: dispatchResponse,
    success: 'Dispatch found',
    fallback: null,
  },
  ...crewDayCalls,
});
