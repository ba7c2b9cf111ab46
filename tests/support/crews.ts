/**
 * Crews for tests, made the way staff make them (docs/crews.md): a crew through POST staff/crews,
 * its members (existing accounts, by email) through POST staff/crews/{id}/members, and an
 * order's assignment through POST staff/orders/{reference}/assignment.
 */
import type { Crew, Vehicle } from '../../src/api/contract';
import { post, type Answer } from './api';
import type { TestServer } from './server';

let made = 0;

/** A crew with these members (emails of existing accounts; the first leads). */
export async function makeCrew(
  server: TestServer,
  staffToken: string,
  {
    name = `Crew ${++made}`,
    vehicle = 'van',
    plate = 'LND-123-XY',
    members = [],
  }: { name?: string; vehicle?: Vehicle; plate?: string; members?: string[] } = {},
): Promise<Crew> {
  const created = await post(server, 'staff/crews', { name, vehicle, plate }, staffToken);
  if (created.status !== 200) throw new Error(`staff/crews: ${JSON.stringify(created.body)}`);
  let crew: Crew = created.body.data;
  for (const email of members) {
    const added = await post(server, `staff/crews/${crew.id}/members`, { email }, staffToken);
    if (added.status !== 200) throw new Error(`members: ${JSON.stringify(added.body)}`);
    crew = added.body.data;
  }
  return crew;
}

export interface Window {
  date: string;
  window_start: string;
  window_end: string;
}

/** Assigns the order to the crew for the window; answers the call as it came (check its status). */
export const assign = (
  server: TestServer,
  staffToken: string,
  reference: string,
  crewId: string,
  window: Window,
): Promise<Answer> =>
  post(
    server,
    `staff/orders/${encodeURIComponent(reference)}/assignment`,
    { crew_id: crewId, ...window },
    staffToken,
  );
