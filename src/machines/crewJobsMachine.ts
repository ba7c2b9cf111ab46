/**
 * The crew member's jobs on /crew (docs/crew-phone.md): today's and tomorrow's, from GET crew/jobs
 * (`loadJobs`, provided by the view). They load when the page opens and again on `refresh`; the
 * jobs shown stay while new ones come. A first load that fails says why and offers `retry`; a
 * later one that fails keeps the jobs and says they may be out of date. No answer at all (the
 * phone has no network) is said as such, in both cases: the crew member tries again when back in
 * signal. A stop recorded on the page (`stop.updated`, its answer) replaces that stop in the list.
 *
 * The jobs last seen on this phone (`kept`, given by the view from the phone's storage, per crew
 * member) are shown when the first load gets no answer: `listed.offline`, marked with when they
 * were loaded (`loadedAt`), so a crew member who opens the page where there is no signal still
 * works (actions queue, docs/crew-phone.md "Without network"). Every list loaded, and every stop
 * recorded in it, is handed to `keep` (the view stores it) with the time it was loaded (`now`).
 */
import { assign, setup } from 'xstate';
import type { CrewJob, CrewStop } from '../api/contract/crewDay';
import { messagesOf } from '../api/errors';
import { providedByView } from './providedByView';
import { wasUnanswered } from './unanswered';

/** A list of jobs as the phone keeps it: the jobs, and when they were loaded (ISO). */
export interface KeptJobs {
  jobs: CrewJob[];
  at: string;
}

export interface CrewJobsInput {
  /** The jobs last seen on this phone, if any. */
  kept: KeptJobs | null;
  /** The time now, ISO (the phone's clock): when a list was loaded. */
  now: () => string;
}

interface CrewJobsContext {
  jobs: CrewJob[];
  messages: string[];
  kept: KeptJobs | null;
  now: () => string;
  /** When the jobs shown were loaded (ISO). */
  loadedAt: string | null;
  /** The jobs shown are the phone's copy: none has loaded on this visit yet. */
  fromPhone: boolean;
}

const shown = (jobs: CrewJob[], now: () => string) => ({
  jobs,
  messages: [] as string[],
  loadedAt: now(),
  fromPhone: false,
});

/** The jobs with `stop` as the server now has it. */
export function withStop(jobs: CrewJob[], stop: CrewStop): CrewJob[] {
  return jobs.map((job) =>
    job.stops.some(({ id }) => id === stop.id)
      ? { ...job, stops: job.stops.map((old) => (old.id === stop.id ? stop : old)) }
      : job,
  );
}

/** The list shown, to keep on the phone with when it was loaded. */
const keep = {
  type: 'keep' as const,
  params: ({ context }: { context: CrewJobsContext }): KeptJobs => ({
    jobs: context.jobs,
    at: context.loadedAt!,
  }),
};

/** Loaded: shown, and handed to the phone to keep. */
const loaded = ['show' as const, keep];

export const crewJobsMachine = setup({
  types: {
    context: {} as CrewJobsContext,
    input: {} as CrewJobsInput,
    events: {} as
      { type: 'refresh' } | { type: 'retry' } | { type: 'stop.updated'; stop: CrewStop },
    tags: {} as 'busy',
  },
  actors: {
    loadJobs: providedByView<CrewJob[]>('loadJobs'),
  },
  actions: {
    /** Keeps the list shown on the phone, with when it was loaded (provided by the view). */
    keep: (_, _params: KeptJobs) => {},
    show: assign(({ context, event }) =>
      shown((event as unknown as { output: CrewJob[] }).output, context.now),
    ),
    showFailure: assign({
      messages: ({ event }) => messagesOf((event as { error?: unknown }).error),
    }),
  },
  guards: {
    /** No answer, and the phone kept the jobs from an earlier visit. */
    canShowKept: ({ context, event }) =>
      context.kept !== null && wasUnanswered((event as { error?: unknown }).error),
    wasUnanswered: ({ event }) => wasUnanswered((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'crewJobs',
  context: ({ input }) => ({
    jobs: [],
    messages: [],
    kept: input.kept,
    now: input.now,
    loadedAt: null,
    fromPhone: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadJobs',
        src: 'loadJobs',
        onDone: { target: 'listed', actions: loaded },
        onError: [
          {
            guard: 'canShowKept',
            target: 'listed.offline',
            actions: [
              'showFailure',
              assign(({ context }) => ({
                jobs: context.kept!.jobs,
                loadedAt: context.kept!.at,
                fromPhone: true,
              })),
            ],
          },
          { guard: 'wasUnanswered', target: 'offline', actions: 'showFailure' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    /** Nothing to show, and no network: "No network", Try again. */
    offline: { on: { retry: 'loading' } },
    /** The server refused or failed: why, and Try again. */
    failed: { on: { retry: 'loading' } },
    listed: {
      initial: 'current',
      on: {
        'stop.updated': {
          actions: [
            assign({ jobs: ({ context, event }) => withStop(context.jobs, event.stop) }),
            keep,
          ],
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
            onDone: { target: 'current', actions: loaded },
            onError: [
              { guard: 'wasUnanswered', target: 'offline', actions: 'showFailure' },
              { target: 'stale', actions: 'showFailure' },
            ],
          },
        },
        /** The jobs as last loaded (on this visit, or the phone's copy), marked: no network. */
        offline: { on: { refresh: 'refreshing' } },
        /** The jobs as last loaded, and why the refresh failed. */
        stale: { on: { refresh: 'refreshing' } },
      },
    },
  },
});
