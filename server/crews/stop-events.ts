/**
 * What a crew member records at a stop (docs/crews.md): On the way, Arrived, then Picked up (a
 * pickup or loading) or Delivered (a drop-off or unloading), or Failed with a reason. Each is a
 * `stop_events` row (who, when, why, where if the phone allowed it) written in the transaction
 * that moves the stop, under the order's lock and then the stop's, so two taps at once record one
 * event and the second is answered as the wrong order.
 *
 * - On the way at a drop-off makes its handover code and texts it to the person receiving
 *   (./handover.ts); a drop-off cannot start before the order's pickup is done.
 * - Delivered takes the code; a wrong one is counted (and committed) before the 422; five lock it.
 *   Without a code: the receiver's name and at least one photo, and the stop is marked so.
 * - Photos are encoded again without their metadata before the transaction, and stored in it.
 * - The first pickup done moves the order to Shipped, the last drop-off done to Delivered,
 *   through the status move staff use (../orders/status-move.ts), as the crew: the customer is
 *   mailed and texted as for staff's moves.
 * - Failed: the customer is mailed and texted; staff find the stop under `?attention=1`.
 * - Sent later (docs/crews.md, "Actions sent later"): an action taken without network carries
 *   `taken_at` and `sent_at` on the phone's clock; the event's time (history, proof, the status it
 *   moves) is `taken_at` moved onto the server's clock by `now − sent_at`, within bounds
 *   (TAKEN_AT_LIMITS), so a phone's clock set wrong does not matter; when it arrived is kept too
 *   (`received_at`). Its
 *   Idempotency-Key makes a repeat (its answer lost on the way back) answered, not recorded again.
 */
import type { Transaction } from 'kysely';
import {
  failureReasonLabels,
  isFinalStatus,
  isHandover,
  MAX_PROOF_PHOTOS,
  PROOF_PHOTO_MESSAGE,
  statusLabels,
  stopEventAllowedFrom,
  stopStateAfter,
  takesConditionPhotos,
  type CrewStop,
  type StopEventRequest,
  type StopEventType,
  type StopKind,
  type StopState,
} from '../../src/api/contract';
import { clockInLagos, stopEventLabels } from '../../src/api/contract/stopLabels';
import type { Database, Shipment, User } from '../db/database';
import { ImageStore, type PreparedImage } from '../files/uploads';
import { checkReplay, type IdempotencyKey } from '../orders/idempotency';
import { conflict, invalid, notFound, Problem } from '../http/problems';
import { stopFailedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { textHandoverCode, textStopFailed } from '../messages/notices';
import { lockShipment } from '../orders/shipments';
import { customerEmailOf } from '../orders/staff-offers';
import { MOVED_MEANWHILE } from '../orders/orders';
import { moveLocked } from '../orders/status-move';
import type { ActingAs, UseCaseContext } from '../orders/use-case';
import { countWrongCode, handoverCodeHash, isHandoverCode, newHandoverCode } from './handover';
import { crewOf, crewStopOf } from './jobs';

export const UNKNOWN_STOP = 'This stop is not one of your crew’s jobs.';
export const CODE_LOCKED_MESSAGE =
  'Five wrong codes locked this stop’s code: deliver without the code (a photo and the receiver’s name).';
export const NO_CODE_SENT_MESSAGE =
  'No code was sent for this stop: deliver without the code (a photo and the receiver’s name).';
export const PHOTOS_NOT_TAKEN = 'Photos go with Delivered, or with a move’s loading.';
export const wrongCodeMessage = (left: number) =>
  `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left.`;

/** How far `taken_at` may be from the server's clock: a phone's clock a little ahead, a day back. */
export const TAKEN_AT_LIMITS = { aheadMs: 2 * 60_000, backMs: 24 * 3_600_000 };
export const TAKEN_IN_FUTURE =
  'This time is later than now: check the phone’s date and time, then try again.';
export const TAKEN_TOO_LONG_AGO =
  'Taken more than 24 hours ago: it cannot be recorded now. Tell staff what happened at this stop.';
export const TAKEN_BEFORE_ASSIGNMENT = 'Taken before this job was given to your crew.';
export const SENT_BEFORE_TAKEN =
  'The time it was sent is before the time it was taken: send both from the same clock.';
export const takenBeforeLast = (type: StopEventType, at: Date) =>
  `Taken before this stop’s last action (${stopEventLabels[type]} at ${clockInLagos(at)}).`;

const stateLabels: Record<StopState, string> = {
  pending: 'not started',
  on_the_way: 'on the way',
  arrived: 'arrived',
  done: 'done',
  failed: 'failed',
};

const stateAfter = stopStateAfter;

/** 409 with what to do instead, when the event does not fit the stop's kind or state. */
function checkOrder(kind: StopKind, state: StopState, type: StopEventType): void {
  if (type === 'picked_up' && isHandover(kind))
    throw conflict('This stop is a hand-over: tap Delivered, not Picked up.');
  if (type === 'delivered' && !isHandover(kind))
    throw conflict('This stop is a pickup: tap Picked up, not Delivered.');
  if (stopEventAllowedFrom[type].includes(state)) return;
  if (state === 'done') throw conflict('This stop is already done.');
  if (state === 'failed')
    throw conflict('This stop failed: staff will give it a new window before it starts again.');
  const first = stopEventAllowedFrom[type]
    .map((from) => `“${stopEventLabels[eventFor(from)]}”`)
    .join(' or ');
  throw conflict(
    `${stopEventLabels[type]} comes after ${first}: this stop is ${stateLabels[state]}.`,
  );
}

/** The event that leads into a state, for the message that names it. */
const eventFor = (state: StopState): StopEventType =>
  state === 'arrived' ? 'arrived' : 'on_the_way';

/** Which photos an event takes: a handover's proof, a move's condition, or none. */
function purposeOf(kind: StopKind, event: StopEventRequest): 'proof' | 'condition' | null {
  if (event.type === 'delivered')
    return takesConditionPhotos(kind) && event.code ? 'condition' : 'proof';
  if (event.type === 'picked_up' && takesConditionPhotos(kind)) return 'condition';
  return null;
}

export interface StopEventInput {
  member: Pick<User, 'id'>;
  /** The stop's public id, as the path names it. */
  stopId: string;
  event: StopEventRequest;
  photos: Buffer[];
  /** The request's Idempotency-Key, when the phone sent one. */
  idempotency?: IdempotencyKey | null;
}

export interface StopEventResult {
  stop: CrewStop;
  reference: string;
  /** The order's status moved (Shipped, Delivered): the tracking answer changed. */
  moved: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A wrong code answers how many tries it left (0: it locked the code, or it was locked). */
type Outcome = { codeTriesLeft: number } | StopEventResult;

export async function recordStopEvent(
  context: UseCaseContext,
  { member, stopId, event, photos, idempotency = null }: StopEventInput,
): Promise<StopEventResult> {
  if (!UUID.test(stopId)) throw notFound(UNKNOWN_STOP);
  if (photos.length > MAX_PROOF_PHOTOS)
    throw invalid({ photos: [`Take at most ${MAX_PROOF_PHOTOS} photos.`] });
  if (event.type === 'delivered' && !event.code && photos.length === 0)
    throw invalid({ photos: [PROOF_PHOTO_MESSAGE] });
  // Encoded again (metadata and GPS gone) before the transaction, so no lock waits on it.
  const prepared = await Promise.all(photos.map((photo) => ImageStore.prepare(photo, 'photos')));
  // A wrong code's try is committed with the transaction, then answered.
  const outcome = await context.mailer.transaction((trx) =>
    recordLocked(trx, context, { member, stopId, event, prepared, idempotency }),
  );
  if ('codeTriesLeft' in outcome) {
    if (outcome.codeTriesLeft === 0) throw new Problem(423, CODE_LOCKED_MESSAGE);
    throw invalid({ code: [wrongCodeMessage(outcome.codeTriesLeft)] });
  }
  return outcome;
}

/**
 * The stop, if the member's crew is assigned its order: the order's row locked, then the stop's
 * (the order every change to an order takes its locks in), and the assignment's window end.
 */
async function lockedStop(trx: Transaction<Database>, memberId: number, stopId: string) {
  const crewId = await crewOf(trx, memberId);
  if (crewId === null) throw notFound(UNKNOWN_STOP);
  const found = await trx
    .selectFrom('stops')
    .innerJoin('assignments', 'assignments.shipment_id', 'stops.shipment_id')
    .select(['stops.id', 'stops.shipment_id'])
    .where('stops.public_id', '=', stopId)
    .where('assignments.crew_id', '=', crewId)
    .executeTakeFirst();
  if (!found) throw notFound(UNKNOWN_STOP);
  const order = await lockShipment(trx, found.shipment_id);
  const stop = await trx
    .selectFrom('stops')
    .selectAll()
    .where('id', '=', found.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Reassigned to another crew while this one waited for the lock.
  const assignment = await trx
    .selectFrom('assignments')
    .select('window_end')
    .where('shipment_id', '=', order.id)
    .where('crew_id', '=', crewId)
    .executeTakeFirst();
  if (!assignment) throw notFound(UNKNOWN_STOP);
  return { order, stop, crewId, windowEnd: assignment.window_end };
}

/** The event this stop already recorded under `idempotency`'s key in the last 24 hours, if any. */
async function recordedBefore(
  trx: Transaction<Database>,
  stopId: number,
  idempotency: IdempotencyKey | null,
) {
  if (!idempotency) return null;
  const first = await trx
    .selectFrom('stop_events')
    .select(['request_hash', 'received_at as created_at'])
    .where('stop_id', '=', stopId)
    .where('idempotency_key', '=', idempotency.key)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return first && checkReplay(first, idempotency) === 'replay' ? first : null;
}

/**
 * When the action was taken: now, unless the phone says `taken_at`. With `sent_at` (the phone's
 * clock when it sent this request), the phone's clock is never trusted, only its elapsed time: the
 * action was taken `sent_at − taken_at` before the request arrived, so its time is `taken_at +
 * (now − sent_at)`, never after now (`sent_at` before `taken_at`: 422 at `sent_at`). Without
 * `sent_at` (an older page), `taken_at` is read on the server's clock. Refused (422 at `taken_at`)
 * when later than now beyond the phone clock's margin, more than a day ago, before the order was
 * given to this crew, or before the stop's last event (events of a stop are recorded in order).
 */
async function takenAt(
  trx: Transaction<Database>,
  { stopId, shipmentId, crewId }: { stopId: number; shipmentId: number; crewId: number },
  { taken_at: given, sent_at: sent }: Pick<StopEventRequest, 'taken_at' | 'sent_at'>,
  now: Date,
): Promise<Date> {
  if (given === undefined) return now;
  let at = new Date(given);
  if (sent !== undefined) {
    const sentAt = new Date(sent);
    if (sentAt < at) throw invalid({ sent_at: [SENT_BEFORE_TAKEN] });
    at = new Date(Math.min(now.getTime(), at.getTime() + (now.getTime() - sentAt.getTime())));
  }
  const refuse = (message: string) => invalid({ taken_at: [message] });
  if (at.getTime() > now.getTime() + TAKEN_AT_LIMITS.aheadMs) throw refuse(TAKEN_IN_FUTURE);
  if (at.getTime() < now.getTime() - TAKEN_AT_LIMITS.backMs) throw refuse(TAKEN_TOO_LONG_AGO);
  // Since the order was last given to this crew (after any time it was another crew's).
  const otherCrews = trx
    .selectFrom('assignment_changes')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
    .where('shipment_id', '=', shipmentId)
    .where('crew_id', '!=', crewId);
  const assigned = await trx
    .selectFrom('assignment_changes')
    .select('changed_at')
    .where('shipment_id', '=', shipmentId)
    .where('crew_id', '=', crewId)
    .where('id', '>', otherCrews)
    .orderBy('id')
    .executeTakeFirst();
  if (assigned && at < assigned.changed_at) throw refuse(TAKEN_BEFORE_ASSIGNMENT);
  const last = await trx
    .selectFrom('stop_events')
    .select(['type', 'at'])
    .where('stop_id', '=', stopId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last && at < last.at) throw refuse(takenBeforeLast(last.type, last.at));
  return at;
}

async function recordLocked(
  trx: Transaction<Database>,
  context: UseCaseContext,
  {
    member,
    stopId,
    event,
    prepared,
    idempotency,
  }: Omit<StopEventInput, 'photos' | 'idempotency'> & {
    prepared: PreparedImage[];
    idempotency: IdempotencyKey | null;
  },
): Promise<Outcome> {
  const { order, stop, crewId, windowEnd } = await lockedStop(trx, member.id, stopId);
  // Sent again (its answer lost): recorded once, answered with the stop as it is.
  if (await recordedBefore(trx, stop.id, idempotency))
    return { stop: crewStopOf(stop), reference: order.reference, moved: false };
  if (isFinalStatus(order.status))
    throw conflict(
      `This order is ${statusLabels[order.status]}: nothing more is recorded at its stops.`,
    );
  const purpose = purposeOf(stop.kind, event);
  if (prepared.length > 0 && !purpose) throw invalid({ photos: [PHOTOS_NOT_TAKEN] });
  checkOrder(stop.kind, stop.state, event.type);
  if (event.type === 'on_the_way' && isHandover(stop.kind))
    await checkPickedUp(trx, order.id, stop.kind);
  if (event.type === 'delivered' && event.code) {
    if (stop.code_locked_at) return { codeTriesLeft: 0 };
    if (!stop.code_hash) throw conflict(NO_CODE_SENT_MESSAGE);
    if (!isHandoverCode(stop, event.code))
      return { codeTriesLeft: await countWrongCode(trx, stop.id) };
  }

  const receivedAt = new Date();
  const at = await takenAt(
    trx,
    { stopId: stop.id, shipmentId: order.id, crewId },
    event,
    receivedAt,
  );
  const done = stateAfter[event.type] === 'done';
  const recorded = await trx
    .insertInto('stop_events')
    .values({
      stop_id: stop.id,
      shipment_id: order.id,
      type: event.type,
      user_id: member.id,
      at,
      received_at: receivedAt,
      reason: event.reason ?? null,
      note: event.note || null,
      lat: event.lat ?? null,
      lng: event.lng ?? null,
      accuracy_m: event.accuracy_m ?? null,
      idempotency_key: idempotency?.key ?? null,
      request_hash: idempotency?.hash ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = event.type === 'on_the_way' && isHandover(stop.kind) ? newHandoverCode() : null;
  const updated = await trx
    .updateTable('stops')
    .set({
      state: stateAfter[event.type],
      ...(done ? { done_at: at, done_by: member.id } : {}),
      ...(event.type === 'delivered'
        ? { without_code: !event.code, receiver_name: event.receiver_name || null }
        : {}),
      // A new On the way (after staff gave a failed stop a new window) sends a new code.
      ...(code
        ? { code_hash: handoverCodeHash(stop.public_id, code), code_tries: 0, code_locked_at: null }
        : {}),
    })
    .where('id', '=', stop.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const image of prepared) {
    const fileName = await ImageStore.insert(trx, image, member.id);
    await trx
      .insertInto('stop_photos')
      .values({ stop_id: stop.id, event_id: recorded.id, file_name: fileName, purpose: purpose! })
      .execute();
  }
  if (code)
    await textHandoverCode(
      trx,
      order,
      `handover:${recorded.id}`,
      stop.contact_phone,
      code,
      windowEnd,
    );
  if (event.type === 'failed') {
    const reason = failureReasonLabels[event.reason ?? 'other'];
    const email = await customerEmailOf(trx, order);
    await enqueueMail(trx, stopFailedMail(email, order.reference, reason));
    await textStopFailed(trx, order, `stop-failed:${recorded.id}`);
  }
  const moved = done
    ? await moveOrderAlong(trx, context, order, stop.kind, {
        actor: 'crew',
        actor_user_id: member.id,
        at: await statusTime(trx, order.id, at),
      })
    : false;
  return { stop: crewStopOf(updated), reference: order.reference, moved };
}

/**
 * After a stop is done: the first pickup (or loading) moves the order to Shipped, the last
 * drop-off (or unloading) to Delivered. Answers whether the status moved.
 */
async function moveOrderAlong(
  trx: Transaction<Database>,
  { config }: UseCaseContext,
  locked: Shipment,
  kind: StopKind,
  crew: ActingAs,
): Promise<boolean> {
  let order = locked;
  const move = async (status: 'Shipped' | 'Delivered') => {
    const moved = await moveLocked(trx, config, {
      actor: crew,
      locked: order,
      move: { status, note: null },
    });
    // Null only when the row changed under us, which its lock rules out.
    if (!moved) throw conflict(MOVED_MEANWHILE);
    order = moved.order;
  };
  if (!isHandover(kind)) {
    if (order.status !== 'ToInspect') return false;
    await move('Shipped');
    return true;
  }
  if (!(await everyHandoverDone(trx, order.id))) return false;
  // Still To Inspect only if its pickup was not recorded through the crews: it passes Shipped.
  if (order.status === 'ToInspect') await move('Shipped');
  if (order.status === 'Shipped') await move('Delivered');
  return order !== locked;
}

/**
 * When the status the stop moves is recorded: when the action was taken, but never before the
 * order's last status, so the history keeps its statuses in their order.
 */
async function statusTime(trx: Transaction<Database>, shipmentId: number, at: Date) {
  const last = await trx
    .selectFrom('shipment_status_changes')
    .select('changed_at')
    .where('shipment_id', '=', shipmentId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return last.changed_at > at ? last.changed_at : at;
}

/** A drop-off starts once the goods are on board: the order's pickup (or loading) is done. */
async function checkPickedUp(trx: Transaction<Database>, shipmentId: number, kind: StopKind) {
  const waiting = await trx
    .selectFrom('stops')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('kind', 'in', ['pickup', 'loading'])
    .where('state', '!=', 'done')
    .executeTakeFirst();
  if (waiting)
    throw conflict(
      kind === 'unloading'
        ? 'Load the goods first: this move’s loading is not done yet.'
        : 'Pick up the goods first: this order’s pickup is not done yet.',
    );
}

const everyHandoverDone = async (trx: Transaction<Database>, shipmentId: number) =>
  !(await trx
    .selectFrom('stops')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('kind', 'in', ['dropoff', 'unloading'])
    .where('state', '!=', 'done')
    .executeTakeFirst());
