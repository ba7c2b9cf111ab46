/**
 * The dispatch board, /staff/dispatch?date= (docs/crews.md, "Dispatch"): the day's unassigned jobs
 * and each crew's jobs, for the day in the address (today in Lagos when it names none). Staff
 * change the day (`date.change`: the address is written, a new history entry, and the board loads
 * again); the address changing under the page (back, forward) is `address.change`, which loads only
 * for another day. A first load that fails offers `retry`. Staff pick a job to assign or reassign
 * (`job.choose`, the form is assignmentMachine's); once it is assigned the board loads again
 * (`board.refresh`), keeping the board shown meanwhile, and a refresh that fails keeps it and says
 * it may be out of date. `loadBoard` and `writeAddress` are provided by the view.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Dispatch } from '../api/contract/crews';
import { messagesOf } from '../api/errors';
import { providedByView } from './providedByView';

export interface DispatchContext {
  date: string;
  board: Dispatch | null;
  /** The job whose assignment form is open. */
  chosen: string | null;
  messages: string[];
}

export type DispatchEvent =
  | { type: 'date.change'; date: string }
  | { type: 'address.change'; date: string }
  | { type: 'job.choose'; reference: string }
  | { type: 'job.close' }
  | { type: 'board.refresh' }
  | { type: 'retry' };

export const dispatchMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as DispatchContext,
    input: {} as { date: string },
    events: {} as DispatchEvent,
  },
  actors: {
    loadBoard: providedByView<Dispatch, { date: string }>('loadBoard'),
  },
  actions: {
    /** The board is another day's: what is shown and chosen goes. */
    toDay: assign(({ event }) => {
      assertEvent(event, ['date.change', 'address.change']);
      return { date: event.date, board: null, chosen: null, messages: [] };
    }),
    /** Puts the day in the address, as a new history entry (provided by the view). */
    writeAddress: (_, _params: { date: string }) => {},
  },
  guards: {
    isAnotherDay: ({ context, event }) =>
      (event.type === 'date.change' || event.type === 'address.change') &&
      /^\d{4}-\d{2}-\d{2}$/.test(event.date) &&
      event.date !== context.date,
  },
}).createMachine({
  id: 'dispatch',
  context: ({ input }) => ({ date: input.date, board: null, chosen: null, messages: [] }),
  initial: 'loading',
  on: {
    'date.change': {
      guard: 'isAnotherDay',
      target: '.loading',
      actions: ['toDay', { type: 'writeAddress', params: ({ event }) => ({ date: event.date }) }],
    },
    'address.change': { guard: 'isAnotherDay', target: '.loading', actions: 'toDay' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        input: ({ context }) => ({ date: context.date }),
        onDone: { target: 'shown', actions: assign({ board: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      on: {
        'job.choose': { actions: assign({ chosen: ({ event }) => event.reference }) },
        'job.close': { actions: assign({ chosen: null }) },
        'board.refresh': 'refreshing',
      },
    },
    /** The board shown stays while the new one comes; the open form stays open. */
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshBoard',
        src: 'loadBoard',
        input: ({ context }) => ({ date: context.date }),
        onDone: {
          target: 'shown',
          actions: assign({ board: ({ event }) => event.output, messages: [] }),
        },
        onError: {
          target: 'shown',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
      on: {
        'job.choose': { actions: assign({ chosen: ({ event }) => event.reference }) },
        'job.close': { actions: assign({ chosen: null }) },
      },
    },
  },
});
