import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Overview } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { staffOverviewMachine } from '../../src/machines/staffOverviewMachine';
import { graphSuite } from './graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const counts = (unpriced: number): Overview => ({
  unpriced,
  awaiting_answer: 2,
  expiring_today: 1,
  unpaid: 1,
  jobs_today: 3,
  jobs_tomorrow: 0,
  refunds_due: 0,
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
  check: (actual) => {
    // Counts once shown never disappear: a failed refresh keeps them and says why.
    if (actual.matches('shown') || actual.matches('refreshing'))
      expect(actual.context.overview).not.toBeNull();
    if (actual.matches('failed')) expect(actual.context.messages).toEqual(offline.messages);
  },
});

describe('staffOverview', () => {
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
