import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { CrewJob } from '../../src/api/contract/crews';
import { ApiError, networkFailure } from '../../src/api/errors';
import { crewJobsMachine } from '../../src/machines/crewJobsMachine';
import { jobOf, stopOf } from '../support/fixtures/crew-day';
import { graphSuite, recordEffects } from '../support/graph/graph';

const today = [
  jobOf('RL-ABCDEFGH23', [stopOf('s1', { kind: 'pickup' }), stopOf('s2')]),
  jobOf('RL-ABCDEFGH24', [stopOf('s3')]),
];
const later = [jobOf('RL-ABCDEFGH23', [stopOf('s1', { kind: 'pickup', state: 'done' })])];
const dropped = networkFailure();
const refused = new ApiError(['Server error.'], {}, 500);
const arrived = stopOf('s2', { state: 'arrived' });
const NOW = '2026-11-28T13:05:00.000Z';
/** The jobs this phone kept from an earlier visit. */
const kept = {
  jobs: [jobOf('RL-ABCDEFGH25', [stopOf('s2', { state: 'on_the_way' })])],
  at: '2026-11-28T12:40:00.000Z',
};
const effects = recordEffects(['keep']);

graphSuite('crewJobs', {
  machine: crewJobsMachine,
  // A phone that kept no jobs, and one that kept some from an earlier visit.
  inputs: [
    { kept: null, now: () => NOW },
    { kept, now: () => NOW },
  ],
  implementations: { actions: effects.actions },
  events: [
    { type: 'xstate.done.actor.loadJobs', output: today },
    { type: 'xstate.error.actor.loadJobs', error: dropped },
    { type: 'xstate.error.actor.loadJobs', error: refused },
    { type: 'xstate.done.actor.refreshJobs', output: later },
    { type: 'xstate.error.actor.refreshJobs', error: dropped },
    { type: 'xstate.error.actor.refreshJobs', error: refused },
    { type: 'stop.updated', stop: arrived },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      jobs: snapshot.context.jobs.map((job: CrewJob) => job.stops.map((stop) => stop.state)),
      failed: snapshot.context.messages.length > 0,
      kept: snapshot.context.kept !== null,
      loadedAt: snapshot.context.loadedAt,
      fromPhone: snapshot.context.fromPhone,
    }),
  // The first load, its two failures (no network, or refused), and the jobs: current, refreshing,
  // or kept after a refresh that got no answer or failed.
  states: {
    loading: ['busy'],
    offline: [],
    failed: [],
    'listed.current': [],
    'listed.refreshing': ['busy'],
    'listed.offline': [],
    'listed.stale': [],
  },
  offers: {
    loading: [],
    offline: ['retry'],
    failed: ['retry'],
    'listed.current': ['refresh', 'stop.updated'],
    'listed.refreshing': ['stop.updated'],
    'listed.offline': ['refresh', 'stop.updated'],
    'listed.stale': ['refresh', 'stop.updated'],
  },
  check: (actual, _expected, event, before) => {
    const done = effects.take();
    const jobs: CrewJob[] = actual.context.jobs;
    const messages: string[] = actual.context.messages;
    // Jobs once listed never disappear: a failed refresh keeps them.
    if (before.matches('listed')) expect(jobs.length).toBeGreaterThan(0);
    const { output, error } = event as EventObject & { output?: CrewJob[]; error?: ApiError };
    switch (event.type) {
      case 'xstate.done.actor.loadJobs':
      case 'xstate.done.actor.refreshJobs':
        expect(actual.value).toEqual({ listed: 'current' });
        expect(jobs).toEqual(output);
        expect(messages).toEqual([]);
        // Loaded now, on this visit, and kept on the phone with that time.
        expect(actual.context.loadedAt).toBe(NOW);
        expect(actual.context.fromPhone).toBe(false);
        expect(done).toEqual([['keep', { jobs: output, at: NOW }]]);
        break;
      case 'xstate.error.actor.loadJobs':
        expect(messages).toEqual(error!.messages);
        expect(done).toEqual([]);
        if (error === dropped && before.context.kept) {
          // No network, and the phone kept jobs: they are shown, marked with when they loaded.
          expect(actual.value).toEqual({ listed: 'offline' });
          expect(jobs).toEqual(kept.jobs);
          expect(actual.context.loadedAt).toBe(kept.at);
          expect(actual.context.fromPhone).toBe(true);
        } else expect(actual.value).toBe(error === dropped ? 'offline' : 'failed');
        break;
      case 'xstate.error.actor.refreshJobs':
        expect(actual.value).toEqual({ listed: error === dropped ? 'offline' : 'stale' });
        expect(jobs).toEqual(before.context.jobs);
        expect(messages).toEqual(error!.messages);
        expect(actual.context.loadedAt).toBe(before.context.loadedAt);
        expect(done).toEqual([]);
        break;
      case 'stop.updated': {
        // Only that stop changes, in its place.
        const stops = jobs.flatMap((job) => job.stops);
        const was = (before.context.jobs as CrewJob[]).flatMap((job) => job.stops);
        expect(stops.map((stop) => stop.id)).toEqual(was.map((stop) => stop.id));
        stops.forEach((stop, index) =>
          expect(stop).toEqual(stop.id === arrived.id ? arrived : was[index]),
        );
        expect(actual.value).toEqual(before.value);
        // The phone keeps the list as it now is, with the time it was loaded.
        expect(done).toEqual([['keep', { jobs, at: before.context.loadedAt }]]);
        break;
      }
      case 'retry':
      case 'refresh':
        expect(actual.hasTag('busy')).toBe(true);
        expect(jobs).toEqual(before.context.jobs);
        break;
    }
  },
});
