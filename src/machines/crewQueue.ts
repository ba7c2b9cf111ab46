/**
 * An action waiting on the crew's phone (src/machines/crewOutboxMachine.ts, which sends them), and
 * how a stop looks while its actions wait: apart from the machine, so the stop cards use it without
 * loading the machine (docs/architecture.md, "What a route loads").
 */
import { stopStateAfter, type CrewStop, type StopEventRequest } from '../api/contract/crewDay';

/** One action waiting on the phone, as it will be sent. */
export interface QueuedAction {
  /** Its Idempotency-Key, the same at every try. */
  key: string;
  /** The stop's public id. */
  stopId: string;
  /** The request as it goes: its `taken_at` (ISO, the phone's time) and position with it. */
  request: StopEventRequest & { taken_at: string };
}

/** The stop as the crew sees it: as the server last said, then each of its waiting actions. */
export function withQueued(stop: CrewStop, items: readonly QueuedAction[]): CrewStop {
  return items
    .filter((item) => item.stopId === stop.id)
    .reduce((seen, item) => ({ ...seen, state: stopStateAfter[item.request.type] }), stop);
}
