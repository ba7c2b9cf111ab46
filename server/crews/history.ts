/**
 * The day's work in an order's history (docs/crews.md): each assignment staff made, each thing a
 * crew member recorded at a stop (at the time it was taken on the phone), and staff's review of a
 * handover made without the code. Staff read the crew's name, the reviewer's and the crew member's
 * own note on a failure and, for an action sent later (taken without network), when it was
 * received; the order's owner reads the window, the stop, the reason and that the handover was
 * reviewed.
 */
import {
  failureReasonLabels,
  stopKindLabels,
  type HistoryEntry,
  type StopEventType,
} from '../../src/api/contract';
import type { DB } from '../db/database';
import { windowLabel } from './assignment-view';

export interface CrewHistoryLine {
  event: HistoryEntry['event'];
  at: Date;
  by: HistoryEntry['by'];
  actor_user_id: number | null;
  note: string;
}

/** An action received this long after it was taken was sent later: staff are told when it came. */
const SENT_LATER_MS = 60_000;
const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const eventOf: Record<StopEventType, HistoryEntry['event']> = {
  on_the_way: 'on_the_way',
  arrived: 'arrived',
  picked_up: 'picked_up',
  delivered: 'delivered',
  failed: 'stop_failed',
};

/** What staff's review of a handover made without the code says: it has one outcome. */
const reviewNote = (receiverName: string | null) =>
  `Handed over${receiverName ? ` to ${receiverName}` : ''} without the code: marked as reviewed.`;

export async function crewHistoryOf(
  db: DB,
  shipmentId: number,
  forStaff: boolean,
): Promise<CrewHistoryLine[]> {
  const assignments = await db
    .selectFrom('assignment_changes')
    .innerJoin('crews', 'crews.id', 'assignment_changes.crew_id')
    .select([
      'crews.name',
      'assignment_changes.date',
      'assignment_changes.window_start',
      'assignment_changes.window_end',
      'assignment_changes.actor',
      'assignment_changes.actor_user_id',
      'assignment_changes.changed_at',
    ])
    .where('assignment_changes.shipment_id', '=', shipmentId)
    .orderBy('assignment_changes.id')
    .execute();
  const events = await db
    .selectFrom('stop_events')
    .innerJoin('stops', 'stops.id', 'stop_events.stop_id')
    .select([
      'stop_events.type',
      'stop_events.at',
      'stop_events.received_at',
      'stop_events.user_id',
      'stop_events.reason',
      'stop_events.note',
      'stops.kind',
      'stops.address',
    ])
    .where('stop_events.shipment_id', '=', shipmentId)
    .orderBy('stop_events.id')
    .execute();
  const reviews = await db
    .selectFrom('stops')
    .select(['kind', 'address', 'receiver_name', 'reviewed_at', 'reviewed_by'])
    .where('shipment_id', '=', shipmentId)
    .where('reviewed_at', 'is not', null)
    .orderBy('position')
    .execute();
  return [
    ...assignments.map((change): CrewHistoryLine => ({
      event: 'crew_assigned',
      at: change.changed_at,
      by: change.actor,
      actor_user_id: change.actor_user_id,
      note: forStaff ? `${change.name}, ${windowLabel(change)}` : windowLabel(change),
    })),
    ...events.map((event): CrewHistoryLine => {
      const stop = `${stopKindLabels[event.kind]}: ${event.address}`;
      const reason = event.reason ? `. Reason: ${failureReasonLabels[event.reason]}` : '';
      const said = forStaff && event.note ? `. ${event.note}` : '';
      const late =
        forStaff && event.received_at.getTime() - event.at.getTime() >= SENT_LATER_MS
          ? `. Received at ${lagosClock.format(event.received_at)} (taken without network)`
          : '';
      return {
        event: eventOf[event.type],
        at: event.at,
        by: 'crew',
        actor_user_id: event.user_id,
        note: `${stop}${reason}${said}${late}`,
      };
    }),
    // Accounts are never removed (only anonymised), so no reviewer is the ops command.
    ...reviews.map((stop): CrewHistoryLine => ({
      event: 'handover_reviewed',
      at: stop.reviewed_at!,
      by: stop.reviewed_by === null ? 'ops' : 'staff',
      actor_user_id: stop.reviewed_by,
      note: `${stopKindLabels[stop.kind]}: ${stop.address}. ${reviewNote(stop.receiver_name)}`,
    })),
  ];
}
