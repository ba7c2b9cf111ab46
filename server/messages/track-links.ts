/**
 * The private tracking link, `/t/<token>` (docs/messages.md, "The private tracking link"): one
 * link per order and recipient, opened with no login, void 14 days after the order is final
 * (Delivered or Cancelled). The customer's link shows the whole order, a receiver's only their
 * own drop-offs; neither shows a full address or a price. From one hour before the crew's window
 * until delivery, both show who is coming, with the crew's phone to call; after a handover, its
 * proof (docs/crews.md).
 *
 * A token is 16 random bytes (128 bits), written in base64url (22 characters). Only its SHA-256
 * is stored, so a copy of the database opens no link: every text carries a token of its own for
 * its recipient's link (a token is known only to the text that carries it, whose body is emptied
 * once it is handed to Termii), and every token of a link opens the same page.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ShipmentStatus, TrackLinkView } from '../../src/api/contract';
import type { Database, DB } from '../db/database';
import { firstNameOf, orderStops, visibleCrewOf } from '../crews/visibility';
import type { PhotoLinks } from '../files/photo-links';
import { maskPhone } from './phone';

/** How long a link keeps working after its order reached Delivered or Cancelled. */
export const LINK_DAYS_AFTER_FINAL = 14;
const DAY_MS = 86_400_000;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{22}$/;

export const newToken = () => crypto.randomBytes(16).toString('base64url');
export const tokenHash = (token: string) =>
  crypto.createHash('sha256').update(`track-link:${token}`).digest('hex');

export type Audience = TrackLinkView['audience'];

/**
 * The link of `recipient` on the order (made on first use), and a new token for it, inside the
 * caller's transaction; answers the token, for the text that carries it. A number that is both
 * the customer's and a receiver's has one link: the customer's.
 */
export async function issueToken(
  trx: Transaction<Database> | DB,
  shipmentId: number,
  recipient: string,
  audience: Audience,
): Promise<string> {
  const { id } = await trx
    .insertInto('track_links')
    .values({ shipment_id: shipmentId, recipient, audience })
    .onConflict((conflict) => {
      const same = conflict.columns(['shipment_id', 'recipient']);
      return audience === 'customer' ? same.doUpdateSet({ audience }) : same.doNothing();
    })
    .returning('id')
    .executeTakeFirst()
    .then(
      async (made) =>
        made ??
        (await trx
          .selectFrom('track_links')
          .select('id')
          .where('shipment_id', '=', shipmentId)
          .where('recipient', '=', recipient)
          .executeTakeFirstOrThrow()),
    );
  const token = newToken();
  await trx
    .insertInto('track_link_tokens')
    .values({ token_hash: tokenHash(token), link_id: id })
    .execute();
  return token;
}

/** A link its token opens: known, its account not deleted, its order final less than 14 days ago. */
async function openLink(db: DB, token: string) {
  if (!TOKEN_FORMAT.test(token)) return null;
  const link = await db
    .selectFrom('track_link_tokens as token')
    .innerJoin('track_links as link', 'link.id', 'token.link_id')
    .innerJoin('shipments', 'shipments.id', 'link.shipment_id')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .select([
      'link.id',
      'link.recipient',
      'link.audience',
      'shipments.id as shipment_id',
      'shipments.reference',
      'shipments.service_type',
      'shipments.status',
      'shipments.job_date',
    ])
    .where('token.token_hash', '=', tokenHash(token))
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!link) return null;
  const final = await db
    .selectFrom('shipment_status_changes')
    .select('changed_at')
    .where('shipment_id', '=', link.shipment_id)
    .where('status', 'in', ['Delivered', 'Cancelled'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const expiresAt = final
    ? new Date(final.changed_at.getTime() + LINK_DAYS_AFTER_FINAL * DAY_MS)
    : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) return null;
  return { ...link, expiresAt };
}

/** A town or a district, never the street: `Eti-Osa, Lagos`, `Lagos`, or that none was given. */
const areaOf = (state: string | null, lga: string | null) =>
  state ? (lga ? `${lga}, ${state}` : state) : 'Area not given';

/** A stop as the link shows it, before the crew's state and proof are put in. */
type PlannedStop = Omit<TrackLinkView['stops'][number], 'state' | 'proof' | 'condition_photos'> & {
  position: number;
};

/** The order's stops in the order its stops are written in (../crews/stops.ts), each with its position. */
async function plannedStopsOf(
  db: DB,
  shipmentId: number,
  audience: Audience,
  recipient: string,
): Promise<PlannedStop[]> {
  const quote = await db
    .selectFrom('quotes')
    .select(['moving_from_state', 'moving_from_lga', 'moving_to_state', 'moving_to_lga'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (quote) {
    return [
      {
        kind: 'loading',
        place: areaOf(quote.moving_from_state, quote.moving_from_lga),
        name: null,
        position: 0,
      },
      {
        kind: 'unloading',
        place: areaOf(quote.moving_to_state, quote.moving_to_lga),
        name: null,
        position: 1,
      },
    ];
  }
  const pickup = await db
    .selectFrom('deliveries')
    .select(['pickup_state', 'pickup_lga'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  const receivers = await db
    .selectFrom('delivery_receivers')
    .select(['state', 'lga', 'name', 'phone'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('position')
    .execute();
  // The pickup is stop 0, each receiver's drop-off the next one.
  const dropoffs = receivers
    .map((receiver, index) => ({
      kind: 'dropoff' as const,
      place: areaOf(receiver.state, receiver.lga),
      name: firstNameOf(receiver.name),
      position: index + 1,
      phone: receiver.phone,
    }))
    .filter((dropoff) => audience !== 'receiver' || dropoff.phone === recipient)
    .map(({ phone: _, ...dropoff }) => dropoff);
  if (audience === 'receiver' || !pickup) return dropoffs;
  return [
    {
      kind: 'pickup',
      place: areaOf(pickup.pickup_state, pickup.pickup_lga),
      name: null,
      position: 0,
    },
    ...dropoffs,
  ];
}

/**
 * The link's stops, each with where the crew stands at it and, once handed over, its proof (and a
 * move's condition photos once it is delivered, as on the owner's page).
 */
async function stopsOf(
  db: DB,
  link: { shipment_id: number; status: ShipmentStatus; audience: Audience; recipient: string },
  photoLinks: PhotoLinks,
): Promise<TrackLinkView['stops']> {
  const [planned, worked] = await Promise.all([
    plannedStopsOf(db, link.shipment_id, link.audience, link.recipient),
    orderStops(db, { id: link.shipment_id, status: link.status }, photoLinks, false),
  ]);
  return planned.map(({ position, ...stop }) => {
    const crewStop = worked.find((each) => each.position === position);
    return {
      ...stop,
      state: crewStop?.state ?? 'pending',
      proof: crewStop?.proof ?? null,
      ...(crewStop?.condition_photos ? { condition_photos: crewStop.condition_photos } : {}),
    };
  });
}

/** The order as the link's holder may see it; null when the token opens nothing (unknown or void). */
export async function trackLinkView(
  db: DB,
  token: string,
  photoLinks: PhotoLinks,
): Promise<TrackLinkView | null> {
  const link = await openLink(db, token);
  if (!link) return null;
  const [history, stops, optedOut, crew] = await Promise.all([
    db
      .selectFrom('shipment_status_changes')
      .select(['status', 'changed_at'])
      .where('shipment_id', '=', link.shipment_id)
      .orderBy('id')
      .execute(),
    stopsOf(db, link, photoLinks),
    db
      .selectFrom('text_opt_outs')
      .select('recipient')
      .where('recipient', '=', link.recipient)
      .executeTakeFirst(),
    visibleCrewOf(db, { id: link.shipment_id, status: link.status }),
  ]);
  return {
    reference_number: link.reference,
    service_type: link.service_type,
    status: link.status,
    audience: link.audience,
    date: link.job_date,
    history: history.map((row) => ({ status: row.status, date: row.changed_at.toISOString() })),
    stops,
    phone_masked: maskPhone(link.recipient),
    opted_out: optedOut !== undefined,
    expires_at: link.expiresAt?.toISOString() ?? null,
    crew,
  };
}

/** The link's number gets no more notices (but essential texts); false when the token opens nothing. */
export async function optOut(db: DB, token: string): Promise<boolean> {
  const link = await openLink(db, token);
  if (!link) return false;
  await db
    .insertInto('text_opt_outs')
    .values({ recipient: link.recipient })
    .onConflict((conflict) => conflict.column('recipient').doNothing())
    .execute();
  return true;
}
