/**
 * The crew member's jobs on /crew (docs/crew-phone.md): today's and tomorrow's, from GET crew/jobs
 * (`loadJobs`, provided by the view). They load when the page opens and again on `refresh`; the
 * jobs shown stay while new ones come. A first load that fails says why and offers `retry`; a
 * later one that fails keeps the jobs and says they may be out of date. No answer at all (the
 * phone has no network) is said as such, in both cases: the crew member tries again when back in
 * signal. A stop recorded on the page (`stop.updated`, its answer) replaces that stop in the list.
 */
import { assign, setup } from 'xstate';
import type { CrewJob, CrewStop } from '../api/contract/crewDay';
import { messagesOf } from '../api/errors';
import { providedByView } from './providedByView';
import { wasUnanswered } from './unanswered';

interface CrewJobsContext {
  jobs: CrewJob[];
  messages: string[];
}

const shown = (jobs: CrewJob[]) => ({ jobs, messages: [] as string[] });

/** The jobs with `stop` as the server now has it. */
export function withStop(jobs: CrewJob[], stop: CrewStop): CrewJob[] {
  return jobs.map((job) =>
    job.stops.some(({ id }) => id === stop.id)
      ? { ...job, stops: job.stops.map((old) => (old.id === stop.id ? stop : old)) }
      : job,
  );
}

export const crewJobsMachine = setup({
  types: {
    context: {} as CrewJobsContext,
    events: {} as
      { type: 'refresh' } | { type: 'retry' } | { type: 'stop.updated'; stop: CrewStop },
    tags: {} as 'busy',
  },
  actors: {
    loadJobs: providedByView<CrewJob[]>('loadJobs'),
  },
  actions: {
    showFailure: assign({
      messages: ({ event }) => messagesOf((event as { error?: unknown }).error),
    }),
  },
  guards: {
    wasUnanswered: ({ event }) => wasUnanswered((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'crewJobs',
  context: { jobs: [], messages: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadJobs',
        src: 'loadJobs',
        onDone: { target: 'listed', actions: assign(({ event }) => shown(event.output)) },
        onError: [
          { guard: 'wasUnanswered', target: 'offline', actions: 'showFailure' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    /** Nothing to show yet, and no network: "No network", Try again. */
    offline: { on: { retry: 'loading' } },
    /** The server refused or failed: why, and Try again. */
    failed: { on: { retry: 'loading' } },
    listed: {
      initial: 'current',
      on: {
        'stop.updated': {
          actions: assign({ jobs: ({ context, event }) => withStop(context.jobs, event.stop) }),
        },
      },
      states: {
        current: { on: { refresh: 'refreshing' } },
        /** The jobs shown stay while new ones come. */
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refreshJobs',
            src: 'loadJobs',
            onDone: { target: 'current', actions: assign(({ event }) => shown(event.output)) },
            onError: [
              { guard: 'wasUnanswered', target: 'offline', actions: 'showFailure' },
              { target: 'stale', actions: 'showFailure' },
            ],
          },
        },
        /** The jobs as last loaded, marked: no network. */
        offline: { on: { refresh: 'refreshing' } },
        /** The jobs as last loaded, and why the refresh failed. */
        stale: { on: { refresh: 'refreshing' } },
      },
    },
  },
});
