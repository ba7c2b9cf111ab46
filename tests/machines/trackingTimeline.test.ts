import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ShipmentStatus } from '../../src/api/contract';
import {
  timelineSteps,
  trackingTimelineMachine,
  type TimelineSource,
} from '../../src/machines/trackingTimelineMachine';
import { graphSuite } from './graph';

const source = (status: ShipmentStatus): TimelineSource => ({
  status,
  createdAt: '2025-03-05T08:30:00.000Z',
  updatedAt: '2025-03-09T23:15:00.000Z',
  history: [{ status: 'ToInspect', date: '2025-03-05T08:30:00.000Z' }],
});
const statuses: ShipmentStatus[] = ['ToInspect', 'Shipped', 'Delivered', 'Cancelled'];

graphSuite('trackingTimeline', {
  machine: trackingTimelineMachine,
  inputs: statuses.map(source),
  events: statuses.map((status) => ({ type: 'timeline.update', source: source(status) })),
  // The state is the status: only the value matters, so refreshed answers do not grow the graph.
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  check: (actual) => {
    // The timeline never shows a later status than the one it holds, and one step is current.
    const steps = timelineSteps(actual);
    expect(steps.filter((step) => step.current)).toHaveLength(1);
    expect(steps.find((step) => step.current)?.status).toBe(actual.context.source.status);
  },
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
