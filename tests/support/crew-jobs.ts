/**
 * Crews and assignments for the crew side's tests, written straight into the database as staff's
 * calls write them (a crew, its members with the crew role, the order's assignment and its stops
 * through `ensureStops`), so these tests do not wait on the staff side's calls.
 */
import type { Vehicle } from '../../src/api/contract';
import { ensureStops } from '../../server/crews/stops';
import type { Customer } from './api';
import type { TestServer } from './server';

type WithDb = Pick<TestServer, 'app'>;

/** A crew whose members (the first one its lead) take the crew role; answers its row id. */
export async function makeCrew(
  server: WithDb,
  members: Customer[],
  crew: { name?: string; vehicle?: Vehicle; plate?: string } = {},
): Promise<number> {
  const db = server.app.db;
  const { id } = await db
    .insertInto('crews')
    .values({
      name: crew.name ?? 'Crew',
      vehicle: crew.vehicle ?? 'van',
      plate: crew.plate ?? 'LAG-123-XY',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, member] of members.entries()) {
    await db.updateTable('users').set({ role: 'crew' }).where('id', '=', member.userId).execute();
    await db
      .insertInto('crew_members')
      .values({ crew_id: id, user_id: member.userId, is_lead: index === 0 })
      .execute();
  }
  return id;
}

/** Takes the member out of their crew, as staff's removal does: the account is a customer again. */
export async function removeFromCrew(server: WithDb, member: Customer): Promise<void> {
  const db = server.app.db;
  await db.deleteFrom('crew_members').where('user_id', '=', member.userId).execute();
  await db.updateTable('users').set({ role: 'customer' }).where('id', '=', member.userId).execute();
}

export interface Window {
  date: string;
  window_start: string;
  window_end: string;
}

/** Assigns the order to the crew for the window (again: reassigns), writing its stops the first time. */
export async function assign(
  server: WithDb,
  reference: string,
  crewId: number,
  window: Window,
): Promise<void> {
  await server.app.db.transaction().execute(async (trx) => {
    const shipment = await trx
      .selectFrom('shipments')
      .selectAll()
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('assignments')
      .values({ shipment_id: shipment.id, crew_id: crewId, ...window })
      .onConflict((conflict) =>
        conflict.column('shipment_id').doUpdateSet({
          crew_id: crewId,
          date: window.date,
          window_start: window.window_start,
          window_end: window.window_end,
        }),
      )
      .execute();
    await ensureStops(trx, shipment);
  });
}

/** The order's stops as stored, in their order (the test reads what the crew never sees). */
export const storedStops = (server: WithDb, reference: string) =>
  server.app.db
    .selectFrom('stops')
    .innerJoin('shipments', 'shipments.id', 'stops.shipment_id')
    .selectAll('stops')
    .where('shipments.reference', '=', reference)
    .orderBy('stops.position')
    .execute();

/** Sets a stop's state by hand, as staff's reassignment sets a failed stop pending again. */
export const setStopState = (server: WithDb, stopId: number, state: 'pending') =>
  server.app.db.updateTable('stops').set({ state }).where('id', '=', stopId).execute();
