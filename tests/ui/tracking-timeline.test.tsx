/** The timeline's steps and the date formats, checked on their own (the pages use them as is). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { statusLabels, type TrackingResult } from '../../src/api/contract';
import { timelineSteps, trackingTimelineMachine } from '../../src/machines/trackingTimelineMachine';
import { formatDay, formatLagosDate } from '../../src/ui/tracking/format';

/** The steps the page draws for a tracking answer: the timeline machine started on it. */
function timelineOf(result: TrackingResult) {
  const source = {
    status: result.status,
    createdAt: result['date created'],
    updatedAt: result['date updated'],
    history: result.history,
  };
  const snapshot = createActor(trackingTimelineMachine, { input: source }).start().getSnapshot();
  return timelineSteps(snapshot).map((step) => ({ ...step, label: statusLabels[step.status] }));
}

const shipped: TrackingResult = {
  reference_number: 'RL-ABCDEFGH23',
  service_type: 'local_service',
  status: 'Shipped',
  ProgressBar: 66,
  'date created': '2025-03-05T08:30:00.000Z',
  'date updated': '2025-03-09T23:15:00.000Z',
  history: [
    { status: 'ToInspect', date: '2025-03-05T08:30:00.000Z' },
    { status: 'Shipped', date: '2025-03-07T12:00:00.000Z' },
  ],
};

describe('formatLagosDate', () => {
  it('shows short month, 2-digit day and the time with am/pm, in Lagos time', () => {
    expect(formatLagosDate('2025-03-05T08:30:00.000Z')).toBe('Mar 05, 9:30 am');
    // 23:15 UTC is already the next day in Lagos (UTC+1).
    expect(formatLagosDate('2025-03-09T23:15:00.000Z')).toBe('Mar 10, 12:15 am');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatLagosDate('soon')).toBe('soon');
  });
});

describe('formatDay', () => {
  it('shows a calendar date as that day wherever the reader is, other text as it came', () => {
    expect(formatDay('2025-03-10')).toBe('Mar 10, 2025');
    expect(formatDay('next week')).toBe('next week');
  });
});

describe('timelineOf', () => {
  it('activates every step up to the status, the first one included', () => {
    expect(timelineOf(shipped).map((step) => [step.label, step.active, step.current])).toEqual([
      ['To Inspect', true, false],
      ['Shipped', true, true],
      ['Delivered', false, false],
    ]);
  });

  it('dates the first step by creation, later ones by when they were reached, pending ones not at all', () => {
    expect(timelineOf(shipped).map((step) => step.date)).toEqual([
      '2025-03-05T08:30:00.000Z',
      '2025-03-07T12:00:00.000Z',
      null,
    ]);
  });

  it('falls back to the last update when the history does not say', () => {
    const delivered = { ...shipped, status: 'Delivered' as const, history: [] };
    expect(timelineOf(delivered).map((step) => step.date)).toEqual([
      '2025-03-05T08:30:00.000Z',
      '2025-03-09T23:15:00.000Z',
      '2025-03-09T23:15:00.000Z',
    ]);
  });
});
