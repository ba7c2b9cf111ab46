/**
 * The tracking timeline: To Inspect → Shipped → Delivered, with Cancelled as a final branch
 * from To Inspect. Each status is a state; a newer answer from the server (`timeline.update`)
 * moves the timeline forward and never back, so a stale answer cannot undo a step. The pages
 * (package details, the customer's order page) render `timelineSteps(snapshot)`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ShipmentStatus } from '../api/contract/rules';

export interface TimelineSource {
  status: ShipmentStatus;
  /** ISO time the order was created: the first step's date. */
  createdAt: string;
  /** ISO time of the last change: the date of a reached step the history does not date. */
  updatedAt: string;
  history: { status: ShipmentStatus; date: string }[];
}

type Event = { type: 'timeline.update'; source: TimelineSource };

const statusIs =
  (status: ShipmentStatus) =>
  ({ event }: { event: Event }) =>
    event.source.status === status;

export const trackingTimelineMachine = setup({
  types: {
    context: {} as { source: TimelineSource },
    input: {} as TimelineSource,
    events: {} as Event,
  },
  actions: {
    remember: assign({ source: ({ event }) => event.source }),
  },
  guards: {
    startsToInspect: ({ context }) => context.source.status === 'ToInspect',
    startsShipped: ({ context }) => context.source.status === 'Shipped',
    startsDelivered: ({ context }) => context.source.status === 'Delivered',
    isToInspect: statusIs('ToInspect'),
    isShipped: statusIs('Shipped'),
    isDelivered: statusIs('Delivered'),
    isCancelled: statusIs('Cancelled'),
  },
}).createMachine({
  id: 'trackingTimeline',
  context: ({ input }) => ({ source: input }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsToInspect', target: 'toInspect' },
        { guard: 'startsShipped', target: 'shipped' },
        { guard: 'startsDelivered', target: 'delivered' },
        { target: 'cancelled' },
      ],
    },
    toInspect: {
      on: {
        'timeline.update': [
          { guard: 'isToInspect', actions: 'remember' },
          { guard: 'isShipped', target: 'shipped', actions: 'remember' },
          { guard: 'isDelivered', target: 'delivered', actions: 'remember' },
          { guard: 'isCancelled', target: 'cancelled', actions: 'remember' },
        ],
      },
    },
    shipped: {
      on: {
        'timeline.update': [
          { guard: 'isShipped', actions: 'remember' },
          { guard: 'isDelivered', target: 'delivered', actions: 'remember' },
        ],
      },
    },
    delivered: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type TrackingTimelineSnapshot = SnapshotFrom<typeof trackingTimelineMachine>;

export interface TimelineStep {
  status: ShipmentStatus;
  active: boolean;
  current: boolean;
  /** ISO time the step was reached; null while pending. */
  date: string | null;
}

const forward: ShipmentStatus[] = ['ToInspect', 'Shipped', 'Delivered'];
const stateOf: Record<ShipmentStatus, string> = {
  ToInspect: 'toInspect',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
};

/**
 * The steps the page draws. A step is active when the timeline is at or beyond it (the first
 * step always is). The first step is dated by creation, later ones by the history, else by the
 * last update; a cancelled order shows To Inspect, then Cancelled.
 */
export function timelineSteps(snapshot: TrackingTimelineSnapshot): TimelineStep[] {
  const { source } = snapshot.context;
  const statuses: ShipmentStatus[] = snapshot.matches('cancelled')
    ? ['ToInspect', 'Cancelled']
    : forward;
  const reached = statuses.findIndex((status) => snapshot.matches(stateOf[status] as never));
  const dateOf = (status: ShipmentStatus, index: number) =>
    index === 0
      ? source.createdAt
      : (source.history.filter((entry) => entry.status === status).at(-1)?.date ??
        source.updatedAt);
  return statuses.map((status, index) => ({
    status,
    active: index <= reached,
    current: index === reached,
    date: index <= reached ? dateOf(status, index) : null,
  }));
}
