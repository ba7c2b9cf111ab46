/**
 * Staff give an order to a crew for a day and a window (docs/crews.md, "Assignment and
 * windows"); assigning again reassigns. Decided on the order's row as locked, in one transaction
 * with its stops (written at the first assignment, ./stops.ts), the history line and the notice
 * to the customer. A failed stop is given its new window: it is pending again. Another job of the
 * same crew whose window overlaps is answered as a conflict, never refused.
 */
import {
  isFinalStatus,
  minutesOf,
  statusLabels,
  todayInLagos,
  WINDOW_PAST_MESSAGE,
  type Assignment,
  type AssignmentRequest,
  type Conflict,
} from '../../src/api/contract';
import type { DB, Shipment } from '../db/database';
import { conflict, invalid } from '../http/problems';
import { crewAssignedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { textCrewAssigned } from '../messages/notices';
import { refuseOwnOrder } from '../orders/self-dealing';
import { lockShipment } from '../orders/shipments';
import { customerEmailOf } from '../orders/staff-offers';
import type { ActingAs, UseCaseContext } from '../orders/use-case';
import { findCrew } from './crews';
import { ensureStops } from './stops';

export const NO_SUCH_CREW_FIELD = 'Choose a crew from the list.';

/** Whether a window starting on `date` at `start` (Lagos time) has already started at `now`. */
export function hasStarted(date: string, start: string, now = new Date()): boolean {
  const today = todayInLagos(now);
  if (date !== today) return date < today;
  const lagos = new Date(now.getTime() + 60 * 60 * 1000);
  return minutesOf(start) < lagos.getUTCHours() * 60 + lagos.getUTCMinutes();
}

const refusedIfFinal = (shipment: Shipment) => {
  if (isFinalStatus(shipment.status))
    throw conflict(`This order is ${statusLabels[shipment.status]}: it can no longer be assigned.`);
};

/** The crew's other jobs that day whose windows overlap this one (a cancelled order's are none). */
export async function conflictsOf(
  db: DB,
  shipmentId: number,
  window: { crew_id: number; date: string; window_start: string; window_end: string },
): Promise<Conflict[]> {
  return db
    .selectFrom('assignments')
    .innerJoin('shipments', 'shipments.id', 'assignments.shipment_id')
    .select(['shipments.reference', 'assignments.window_start', 'assignments.window_end'])
    .where('assignments.crew_id', '=', window.crew_id)
    .where('assignments.date', '=', window.date)
    .where('assignments.shipment_id', '!=', shipmentId)
    .where('shipments.status', '!=', 'Cancelled')
    .where('assignments.window_start', '<', window.window_end)
    .where('assignments.window_end', '>', window.window_start)
    .orderBy('assignments.window_start')
    .orderBy('shipments.reference')
    .execute();
}

export async function assignOrder(
  { mailer }: Pick<UseCaseContext, 'mailer'>,
  db: DB,
  {
    actor,
    shipment,
    request,
    now = new Date(),
  }: { actor: ActingAs; shipment: Shipment; request: AssignmentRequest; now?: Date },
): Promise<{ assignment: Assignment; conflicts: Conflict[] }> {
  refuseOwnOrder(actor.actor_user_id, shipment);
  refusedIfFinal(shipment);
  const crew = await findCrew(db, request.crew_id);
  if (!crew) throw invalid({ crew_id: [NO_SUCH_CREW_FIELD] });
  if (hasStarted(request.date, request.window_start, now))
    throw invalid({ window_start: [WINDOW_PAST_MESSAGE] });
  const window = {
    date: request.date,
    window_start: request.window_start,
    window_end: request.window_end,
  };
  await mailer.transaction(async (trx) => {
    const locked = await lockShipment(trx, shipment.id);
    refusedIfFinal(locked);
    await ensureStops(trx, locked);
    const before = await trx
      .selectFrom('assignments')
      .selectAll()
      .where('shipment_id', '=', locked.id)
      .executeTakeFirst();
    const values = { crew_id: crew.id, ...window, assigned_by: actor.actor_user_id };
    await trx
      .insertInto('assignments')
      .values({ shipment_id: locked.id, ...values })
      .onConflict((onConflict) =>
        onConflict.column('shipment_id').doUpdateSet({ ...values, assigned_at: now }),
      )
      .execute();
    // A failed stop waits for a new window: this is it.
    await trx
      .updateTable('stops')
      .set({ state: 'pending' })
      .where('shipment_id', '=', locked.id)
      .where('state', '=', 'failed')
      .execute();
    const sameCrew = before?.crew_id === crew.id;
    const sameWindow =
      before?.date === window.date &&
      before.window_start === window.window_start &&
      before.window_end === window.window_end;
    if (sameCrew && sameWindow) return;
    const { id: changeId } = await trx
      .insertInto('assignment_changes')
      .values({
        shipment_id: locked.id,
        crew_id: crew.id,
        ...window,
        actor: actor.actor === 'ops' ? 'ops' : 'staff',
        actor_user_id: actor.actor_user_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The customer hears of a new day or window; another crew in the same window changes nothing for them.
    if (sameWindow) return;
    await enqueueMail(
      trx,
      crewAssignedMail(await customerEmailOf(trx, locked), locked.reference, window),
    );
    await textCrewAssigned(trx, locked, changeId, window);
  });
  return {
    assignment: { crew_id: crew.public_id, crew_name: crew.name, ...window },
    conflicts: await conflictsOf(db, shipment.id, { crew_id: crew.id, ...window }),
  };
}
