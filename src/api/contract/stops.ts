/**
 * The part of the day's work an order's detail carries (docs/crews.md): its stops with their proof
 * and who is coming. Apart from ./crews, so the order pages load only these schemas.
 */
import * as z from 'zod/mini';

export const vehicles = ['motorbike', 'car', 'van', 'truck'] as const;
export type Vehicle = (typeof vehicles)[number];

export const stopKinds = ['pickup', 'dropoff', 'loading', 'unloading'] as const;
export type StopKind = (typeof stopKinds)[number];
/** Where the goods are handed over to the person receiving them: it takes the handover code. */
export const isHandover = (kind: StopKind) => kind === 'dropoff' || kind === 'unloading';

export const stopStates = ['pending', 'on_the_way', 'arrived', 'done', 'failed'] as const;
export type StopState = (typeof stopStates)[number];

/** What proves a handover, shown to staff and, after delivery, to the order's owner. */
export const proof = z.object({
  delivered_at: z.string(),
  with_code: z.boolean(),
  receiver_name: z.nullable(z.string()),
  /** Signed links to the re-encoded photos. */
  photos: z.array(z.string()),
  /**
   * In the staff's view only: true for a handover made without the code that staff have not
   * reviewed yet (docs/crews.md, "Needs attention"); absent otherwise, and always for the owner.
   */
  to_review: z.optional(z.boolean()),
});
export type Proof = z.infer<typeof proof>;

/**
 * An address's landmark note as the answers carry it (issue 37): on an order's details and its
 * stops, null when the customer gave none. One schema for all of them.
 */
export const landmarkNote = z.nullable(z.string());

/** A stop in an order's detail. */
export const orderStop = z.object({
  id: z.string(),
  kind: z.enum(stopKinds),
  address: z.string(),
  landmark: landmarkNote,
  state: z.enum(stopStates),
  proof: z.nullable(proof),
  /**
   * A move's photos of the goods' condition, at its loading and at an unloading handed over with
   * the code (signed links): staff's once taken, the owner's once the order is delivered; absent
   * when there are none to show.
   */
  condition_photos: z.optional(z.array(z.string())),
});
export type OrderStop = z.infer<typeof orderStop>;

/** Who is coming: from one hour before the window until delivery, for the owner and the private link. */
export const visibleCrew = z.object({
  first_name: z.string(),
  photo_url: z.nullable(z.string()),
  vehicle: z.enum(vehicles),
  plate: z.string(),
  phone: z.string(),
  date: z.string(),
  window_start: z.string(),
  window_end: z.string(),
});
export type VisibleCrew = z.infer<typeof visibleCrew>;

/** The crew and window an order is assigned to, as staff see it (Lagos date, `HH:MM`). */
export const assignment = z.object({
  crew_id: z.string(),
  crew_name: z.string(),
  date: z.string(),
  window_start: z.string(),
  window_end: z.string(),
});
export type Assignment = z.infer<typeof assignment>;
