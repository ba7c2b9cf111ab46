import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Overview } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { staffOverviewMachine } from '../../src/machines/staffOverviewMachine';
import { graphSuite } from '../support/graph/graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const counts = (unpriced: number): Overview => ({
  unpriced,
  awaiting_answer: 2,
  expiring_today: 1,
  unpaid: 1,
  jobs_today: 3,
  jobs_tomorrow: 0,
  refunds_due: 0,
  unassigned_today: 0,
  attention: 0,
  today: '2026-11-25',
  tomorrow: '2026-11-26',
});

graphSuite('staffOverview', {
  machine: staffOverviewMachine,
  events: [
    { type: 'xstate.done.actor.loadOverview', output: counts(4) },
    { type: 'xstate.error.actor.loadOverview', error: offline },
    { type: 'xstate.done.actor.refreshOverview', output: counts(5) },
    { type: 'xstate.error.actor.refreshOverview', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      shown: snapshot.context.overview?.unpriced ?? null,
      stale: snapshot.context.messages.length > 0,
    }),
  // The counts (kept on screen while new ones come), their first load, and a failed first load.
  states: { loading: ['busy'], shown: [], refreshing: ['busy'], failed: [] },
  offers: { loading: [], shown: ['refresh'], refreshing: [], failed: ['retry'] },
  check: (actual, _expected, event, before) => {
    const { overview, messages, takenAt } = actual.context;
    // Counts once shown never disappear: a failed refresh keeps them and says why.
    if (actual.matches('shown') || actual.matches('refreshing')) expect(overview).not.toBeNull();
    switch (event.type) {
      case 'xstate.done.actor.loadOverview':
      case 'xstate.done.actor.refreshOverview':
        expect(actual.value).toBe('shown');
        expect(overview).toEqual((event as unknown as { output: Overview }).output);
        expect(messages).toEqual([]);
        expect(takenAt).toBeGreaterThanOrEqual(before.context.takenAt ?? 0);
        expect(takenAt).toBeLessThanOrEqual(Date.now());
        break;
      case 'xstate.error.actor.loadOverview':
        expect(actual.value).toBe('failed');
        expect(overview).toBeNull();
        expect(messages).toEqual(offline.messages);
        break;
      case 'xstate.error.actor.refreshOverview':
        expect(actual.value).toBe('shown');
        expect(overview).toEqual(before.context.overview);
        expect(takenAt).toBe(before.context.takenAt);
        expect(messages).toEqual(offline.messages);
        break;
      case 'refresh':
      case 'xstate.after.refreshEvery.staffOverview.shown':
        expect(actual.value).toBe('refreshing');
        expect(overview).toEqual(before.context.overview);
        break;
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
    }
  },
});

describe('staffOverview', () => {
  it('starts with no counts and nothing to report', () => {
    expect(createActor(staffOverviewMachine).getSnapshot().context).toEqual({
      overview: null,
      messages: [],
      takenAt: null,
    });
  });

  it('counts again every refreshEvery while shown, keeping the counts until the new ones come', async () => {
    let calls = 0;
    const actor = createActor(
      staffOverviewMachine.provide({
        actors: { loadOverview: fromPromise(async () => counts(++calls)) },
        delays: { refreshEvery: 10 },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('shown') && s.context.overview!.unpriced >= 3);
    expect(actor.getSnapshot().context.overview!.unpriced).toBeGreaterThanOrEqual(3);
    actor.stop();
  });
});
