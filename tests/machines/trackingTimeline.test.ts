import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ShipmentStatus } from '../../src/api/contract';
import {
  timelineSteps,
  trackingTimelineMachine,
  type TimelineSource,
} from '../../src/machines/trackingTimelineMachine';
import { graphSuite } from '../support/graph/graph';

const created = '2025-03-05T08:30:00.000Z';
/** Each status's answer: its history as the server keeps it, and when the order last changed. */
const answers: Record<ShipmentStatus, TimelineSource> = {
  ToInspect: {
    status: 'ToInspect',
    createdAt: created,
    updatedAt: '2025-03-05T08:30:00.000Z',
    history: [{ status: 'ToInspect', date: created }],
  },
  // No history entry for Shipped: the step is dated by the last update.
  Shipped: {
    status: 'Shipped',
    createdAt: created,
    updatedAt: '2025-03-07T12:00:00.000Z',
    history: [{ status: 'ToInspect', date: created }],
  },
  Delivered: {
    status: 'Delivered',
    createdAt: created,
    updatedAt: '2025-03-09T23:15:00.000Z',
    history: [
      { status: 'ToInspect', date: created },
      { status: 'Shipped', date: '2025-03-06T09:00:00.000Z' },
      { status: 'Delivered', date: '2025-03-08T17:45:00.000Z' },
    ],
  },
  Cancelled: {
    status: 'Cancelled',
    createdAt: created,
    updatedAt: '2025-03-06T11:00:00.000Z',
    history: [
      { status: 'ToInspect', date: created },
      { status: 'Cancelled', date: '2025-03-06T10:00:00.000Z' },
    ],
  },
};
const source = (status: ShipmentStatus) => answers[status];
/**
 * Newer answers of the same status that draw the same steps: each must still be kept, so the
 * timeline holds the latest answer the server gave.
 */
const refreshed: TimelineSource[] = [
  { ...answers.ToInspect, updatedAt: '2025-03-05T09:00:00.000Z' },
  {
    ...answers.Shipped,
    history: [...answers.Shipped.history, { status: 'Shipped', date: '2025-03-07T12:00:00.000Z' }],
  },
];
const statuses: ShipmentStatus[] = ['ToInspect', 'Shipped', 'Delivered', 'Cancelled'];

/** What the page draws in each state, worked out by hand from the answers above: [status, date] per step, null while pending. */
const drawn: Record<string, [ShipmentStatus, string | null][]> = {
  toInspect: [
    ['ToInspect', created],
    ['Shipped', null],
    ['Delivered', null],
  ],
  shipped: [
    ['ToInspect', created],
    ['Shipped', '2025-03-07T12:00:00.000Z'],
    ['Delivered', null],
  ],
  delivered: [
    ['ToInspect', created],
    ['Shipped', '2025-03-06T09:00:00.000Z'],
    ['Delivered', '2025-03-08T17:45:00.000Z'],
  ],
  cancelled: [
    ['ToInspect', created],
    ['Cancelled', '2025-03-06T10:00:00.000Z'],
  ],
};
const statusOf: Record<string, ShipmentStatus> = {
  toInspect: 'ToInspect',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** Where an answer moves the timeline: forward only, and Cancelled only before shipping. */
const moves: Record<string, ShipmentStatus[]> = {
  toInspect: ['ToInspect', 'Shipped', 'Delivered', 'Cancelled'],
  shipped: ['Shipped', 'Delivered'],
  delivered: [],
  cancelled: [],
};

graphSuite('trackingTimeline', {
  machine: trackingTimelineMachine,
  inputs: statuses.map(source),
  events: [...statuses.map(source), ...refreshed].map((answer) => ({
    type: 'timeline.update',
    source: answer,
  })),
  // The state is the status: only the value matters, so refreshed answers do not grow the graph.
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  states: { toInspect: [], shipped: [], delivered: [], cancelled: [] },
  // Newer answers are taken until the order is delivered or cancelled, where the timeline ends.
  offers: {
    toInspect: ['timeline.update'],
    shipped: ['timeline.update'],
    delivered: [],
    cancelled: [],
  },
  check: (actual, _expected, event, before) => {
    const answer = (event as unknown as { source: TimelineSource }).source;
    const moved = moves[before.value as string]!.includes(answer.status);
    expect(actual.value).toBe(
      moved ? Object.keys(statusOf)[statuses.indexOf(answer.status)] : before.value,
    );
    expect(actual.context.source).toEqual(moved ? answer : before.context.source);
    const state = actual.value as string;
    expect(actual.status).toBe(state === 'delivered' || state === 'cancelled' ? 'done' : 'active');
    const steps = timelineSteps(actual);
    expect(steps.map((step) => [step.status, step.date])).toEqual(drawn[state]);
    // The steps up to the reached one are active, and the reached one is current.
    const reached = steps.findIndex((step) => step.status === statusOf[state]);
    expect(steps.map((step) => step.active)).toEqual(steps.map((_, index) => index <= reached));
    expect(steps.map((step) => step.current)).toEqual(steps.map((_, index) => index === reached));
  },
});

it('starts at the status it is given', () => {
  for (const status of statuses) {
    const actor = createActor(trackingTimelineMachine, { input: source(status) });
    expect(statusOf[actor.getSnapshot().value as string]).toBe(status);
    expect(actor.getSnapshot().context.source).toBe(source(status));
  }
});

describe('trackingTimeline', () => {
  it('never moves back when an older answer arrives', () => {
    const actor = createActor(trackingTimelineMachine, { input: source('Shipped') }).start();
    actor.send({ type: 'timeline.update', source: source('ToInspect') });
    expect(actor.getSnapshot().value).toBe('shipped');
    expect(actor.getSnapshot().context.source.status).toBe('Shipped');
  });

  it('shows a cancelled order as To Inspect, then Cancelled', () => {
    const actor = createActor(trackingTimelineMachine, { input: source('ToInspect') }).start();
    actor.send({
      type: 'timeline.update',
      source: {
        ...source('Cancelled'),
        history: [{ status: 'Cancelled', date: '2025-03-06T10:00:00.000Z' }],
      },
    });
    expect(timelineSteps(actor.getSnapshot())).toEqual([
      { status: 'ToInspect', active: true, current: false, date: '2025-03-05T08:30:00.000Z' },
      { status: 'Cancelled', active: true, current: true, date: '2025-03-06T10:00:00.000Z' },
    ]);
  });
});
