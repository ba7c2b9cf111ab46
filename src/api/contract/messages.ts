/**
 * Texts on the customer's phone (docs/messages.md): the channels a customer chooses, the private
 * tracking link's page and its opt-out, and what staff see of each order's texts. An area of its
 * own, so the light tracking-link page loads these schemas and nothing else
 * (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import { proof, stopKinds, stopStates, visibleCrew } from './stops';
import { define, serviceTypes, shipmentStatus } from './rules';

// The channels, the states and a text as staff see it are in ./texts, which the staff's order
// page loads without the calls below (docs/architecture.md, "What a route loads").
export * from './texts';

/** The channels the account's own number is texted on; mail stays for receipts and account codes. */
export const textPreferences = z.object({
  sms: z.boolean({ error: 'Choose whether to get texts by SMS.' }),
  whatsapp: z.boolean({ error: 'Choose whether to get texts on WhatsApp.' }),
});
export type TextPreferences = z.infer<typeof textPreferences>;
export const textPreferencesResponse = z.object({ message: z.string(), data: textPreferences });

/** One stop of the order as a link may show it: the customer's link shows every stop, a receiver's only their own. */
export const trackLinkStop = z.object({
  kind: z.enum(stopKinds),
  /** The area only (a town or a district), never the full address: the link travels by text. */
  place: z.string(),
  /** A receiver's first name, so a bulk receiver recognises their own drop-off. */
  name: z.nullable(z.string()),
  /** Where the crew stands at it (docs/crews.md); pending until the order has a crew. */
  state: z._default(z.enum(stopStates), 'pending'),
  /** Once handed over: when, with or without the code, to whom, and the photos' signed links. */
  proof: z._default(z.nullable(proof), null),
  /** A move's photos of the goods' condition, once the order is delivered (as the owner's page). */
  condition_photos: z.optional(z.array(z.string())),
});

/** What `/t/<token>` shows: no names but the receiver's first name, no phone numbers, no prices. */
export const trackLinkView = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  /** Whose link this is: the customer's (the whole order) or a receiver's (their drop-off). */
  audience: z.enum(['customer', 'receiver']),
  /** The job's date (YYYY-MM-DD) when it has one. */
  date: z.nullable(z.string()),
  history: z.array(z.object({ status: shipmentStatus, date: z.string() })),
  stops: z.array(trackLinkStop),
  /** The link's number, masked but for its last 4 digits, and whether it still gets notices. */
  phone_masked: z.string(),
  opted_out: z.boolean(),
  /** When the link stops working: 14 days after the order is final; null while it is open. */
  expires_at: z.nullable(z.string()),
  /** Who is coming, from one hour before the window until delivery; null otherwise (docs/crews.md). */
  crew: z._default(z.nullable(visibleCrew), null),
});
export type TrackLinkView = z.infer<typeof trackLinkView>;
export const trackLinkResponse = z.object({ message: z.string(), data: trackLinkView });
export const optOutResponse = z.object({
  message: z.string(),
  data: z.object({ opted_out: z.literal(true) }),
});

export const messageCalls = define({
  textPreferences: {
    method: 'GET',
    path: 'users/preferences',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: textPreferencesResponse,
    success: 'Preferences found',
    fallback: null,
  },
  saveTextPreferences: {
    method: 'PUT',
    path: 'users/preferences',
    body: 'json',
    auth: 'bearer',
    request: textPreferences,
    response: textPreferencesResponse,
    success: 'Preferences saved',
    fallback: null,
  },
  trackLink: {
    method: 'GET',
    path: 'track-links/{token}',
    body: 'none',
    auth: 'none',
    request: null,
    response: trackLinkResponse,
    success: 'Order found',
    fallback: null,
  },
  trackLinkOptOut: {
    method: 'POST',
    path: 'track-links/{token}/opt-out',
    body: 'none',
    auth: 'none',
    request: null,
    response: optOutResponse,
    success: 'You will get no more texts about orders on this number',
    fallback: null,
  },
});
