/**
 * The staff Overview: the counts of what needs doing now (`loadOverview`, provided by the view).
 * They load at once and again every `refreshEvery` while the page is open (a dispatcher keeps it
 * open all day), or on `refresh`; the counts shown stay while new ones come. A first load that
 * fails offers `retry`; a later one that fails keeps the counts and says they may be out of date.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { Overview } from '../api/contract/staffLists';
import { messagesOf } from '../api/errors';

export const staffOverviewMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as {
      overview: Overview | null;
      messages: string[];
      /** When the counts shown were taken (ms since epoch). */
      takenAt: number | null;
    },
    events: {} as { type: 'refresh' } | { type: 'retry' },
  },
  actors: {
    loadOverview: providedByView<Overview>('loadOverview'),
  },
  delays: {
    refreshEvery: 60_000,
  },
}).createMachine({
  id: 'staffOverview',
  context: { overview: null, messages: [], takenAt: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: {
          target: 'shown',
          actions: assign({
            overview: ({ event }) => event.output,
            messages: [],
            takenAt: () => Date.now(),
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    shown: {
      after: { refreshEvery: 'refreshing' },
      on: { refresh: 'refreshing' },
    },
    /** The counts shown stay while new ones come. */
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshOverview',
        src: 'loadOverview',
        onDone: {
          target: 'shown',
          actions: assign({
            overview: ({ event }) => event.output,
            messages: [],
            takenAt: () => Date.now(),
          }),
        },
        onError: {
          target: 'shown',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
  },
});
