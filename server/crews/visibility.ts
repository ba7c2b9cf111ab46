/**
 * What the customer sees of the day's work (docs/crews.md, "What the customer sees"): each stop's
 * state and, once handed over, its proof (photos as signed links), and after delivery a move's
 * photos of the goods' condition; who is coming, from one hour
 * before the window (Lagos time) until the order is delivered; and for anonymous tracking by
 * reference, the window alone, never a name, a phone or a photo.
 */
import {
  isHandover,
  type OrderStop,
  type Proof,
  type ShipmentStatus,
  type VisibleCrew,
} from '../../src/api/contract';
import type { DB } from '../db/database';
import type { PhotoLinks } from '../files/photo-links';
import { imageUrl } from '../files/uploads';

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';
const HOUR_MS = 3_600_000;

/** The moment a Lagos date and `HH:MM` stand for. */
export const lagosTime = (date: string, time: string) =>
  new Date(`${date}T${time}:00${LAGOS_OFFSET}`);

/** A stop as an order's detail shows it, with its position (the private link matches stops by it). */
export type PlacedStop = OrderStop & { position: number };

/**
 * The order's stops in their order, each with its proof once handed over; `forStaff` marks a
 * handover made without the code that staff have not reviewed (`to_review`), which only staff see.
 * A move's photos of the goods' condition (its loading's, and its unloading's when handed over
 * with the code) are staff's once taken, and the owner's and the private link's once the order is
 * delivered, beside the proof.
 */
export async function orderStops(
  db: DB,
  shipment: { id: number; status: ShipmentStatus },
  photoLinks: PhotoLinks,
  forStaff: boolean,
): Promise<PlacedStop[]> {
  const stops = await db
    .selectFrom('stops')
    .select([
      'id',
      'public_id',
      'position',
      'kind',
      'address',
      'landmark',
      'state',
      'without_code',
      'reviewed_at',
      'receiver_name',
      'done_at',
    ])
    .where('shipment_id', '=', shipment.id)
    .orderBy('position')
    .execute();
  const conditionShown = forStaff || shipment.status === 'Delivered';
  const photos = stops.length
    ? await db
        .selectFrom('stop_photos')
        .select(['stop_id', 'file_name', 'purpose'])
        .where(
          'stop_id',
          'in',
          stops.map((stop) => stop.id),
        )
        .where('purpose', 'in', conditionShown ? ['proof', 'condition'] : ['proof'])
        .orderBy('event_id')
        .execute()
    : [];
  const linksOf = (stopId: number, purpose: 'proof' | 'condition') =>
    photos
      .filter((photo) => photo.stop_id === stopId && photo.purpose === purpose)
      .map((photo) => photoLinks.link(photo.file_name));
  const proofOf = (stop: (typeof stops)[number]): Proof | null =>
    stop.state === 'done' && isHandover(stop.kind) && stop.done_at
      ? {
          delivered_at: stop.done_at.toISOString(),
          with_code: !stop.without_code,
          receiver_name: stop.receiver_name,
          photos: linksOf(stop.id, 'proof'),
          ...(forStaff && stop.without_code && !stop.reviewed_at ? { to_review: true } : {}),
        }
      : null;
  return stops.map((stop) => {
    const condition = linksOf(stop.id, 'condition');
    return {
      id: stop.public_id,
      position: stop.position,
      kind: stop.kind,
      address: stop.address,
      landmark: stop.landmark,
      state: stop.state,
      proof: proofOf(stop),
      ...(condition.length ? { condition_photos: condition } : {}),
    };
  });
}

/** Drops the position a detail does not carry. */
export const withoutPosition = ({ position: _, ...stop }: PlacedStop): OrderStop => stop;

/** The first word of a full name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * Who is coming: the crew's lead (the member staff chose, else the first added), its vehicle and
 * the window; null before one hour ahead of the window, once the order is delivered or cancelled,
 * or when it has no crew.
 */
export async function visibleCrewOf(
  db: DB,
  shipment: { id: number; status: ShipmentStatus },
  now = new Date(),
): Promise<VisibleCrew | null> {
  if (shipment.status === 'Delivered' || shipment.status === 'Cancelled') return null;
  const assigned = await db
    .selectFrom('assignments')
    .innerJoin('crews', 'crews.id', 'assignments.crew_id')
    .innerJoin('crew_members as member', 'member.crew_id', 'crews.id')
    .innerJoin('users', 'users.id', 'member.user_id')
    .select([
      'assignments.date',
      'assignments.window_start',
      'assignments.window_end',
      'crews.vehicle',
      'crews.plate',
      'users.fullname',
      'users.phone',
      'users.profile_image',
    ])
    .where('assignments.shipment_id', '=', shipment.id)
    .orderBy('member.is_lead', 'desc')
    .orderBy('member.added_at')
    .orderBy('member.user_id')
    .executeTakeFirst();
  if (!assigned) return null;
  const from = lagosTime(assigned.date, assigned.window_start).getTime() - HOUR_MS;
  if (now.getTime() < from) return null;
  return {
    first_name: firstNameOf(assigned.fullname),
    photo_url: imageUrl(assigned.profile_image),
    vehicle: assigned.vehicle,
    plate: assigned.plate,
    phone: assigned.phone,
    date: assigned.date,
    window_start: assigned.window_start,
    window_end: assigned.window_end,
  };
}

/** The crew's day and window, for anonymous tracking: no one is named. */
export const trackingWindowOf = (db: DB, shipmentId: number) =>
  db
    .selectFrom('assignments')
    .select(['date', 'window_start', 'window_end'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
