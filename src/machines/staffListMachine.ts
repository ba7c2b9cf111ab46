/**
 * A staff list, paged: the order queue (filters by status and service type, a search box),
 * the partner applications and the newsletter subscribers. The first page loads at once; a
 * filter change loads again from the first page; the search text is kept as typed and is
 * applied on `search.submit`; "Show more" (`more`) appends the next page while the shown rows
 * stay. Pages come from `loadPage`, provided by the view; failures of a further page are
 * toasts (`notifyErrors`) and the list stays.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messagesOf } from '../api/errors';

export interface ListQuery {
  /** Filter values by name (`status`, `service_type`); '' means any. */
  filters: Record<string, string>;
  /** The search text as applied to the shown rows. */
  q: string;
}

export interface PageRequest extends ListQuery {
  cursor: string | null;
}

export interface Page<Row = unknown> {
  rows: Row[];
  nextCursor: string | null;
}

export interface StaffListInput {
  filters?: Record<string, string>;
}

export const staffListMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as {
      filters: Record<string, string>;
      /** What is in the search box (kept as typed) and what the rows were searched with. */
      searchText: string;
      q: string;
      rows: unknown[];
      nextCursor: string | null;
      messages: string[];
    },
    input: {} as StaffListInput,
    events: {} as
      | { type: 'filter.change'; name: string; value: string }
      | { type: 'search.change'; value: string }
      | { type: 'search.submit' }
      | { type: 'more' }
      | { type: 'retry' },
  },
  actors: {
    loadPage: fromPromise<Page, PageRequest>(async () => {
      throw new Error('loadPage is provided by the view');
    }),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
  },
  guards: {
    hasRows: ({ context }) => context.rows.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'staffList',
  context: ({ input }) => ({
    filters: input.filters ?? {},
    searchText: '',
    q: '',
    rows: [],
    nextCursor: null,
    messages: [],
  }),
  initial: 'loading',
  on: {
    'filter.change': {
      target: '.loading',
      reenter: true,
      actions: assign({ filters: ({ context, event }) => ({ ...context.filters, [event.name]: event.value }) }),
    },
    'search.change': { actions: assign({ searchText: ({ event }) => event.value }) },
    'search.submit': {
      target: '.loading',
      reenter: true,
      actions: assign({ q: ({ context }) => context.searchText.trim() }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filters: context.filters, q: context.q, cursor: null }),
        onDone: {
          target: 'loaded',
          actions: assign({ rows: ({ event }) => event.output.rows, nextCursor: ({ event }) => event.output.nextCursor, messages: [] }),
        },
        onError: {
          target: 'failed',
          actions: assign({ rows: [], nextCursor: null, messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    loaded: {
      always: [{ guard: 'hasRows', target: 'listed' }, { target: 'empty' }],
    },
    listed: {
      on: { more: { guard: 'hasMore', target: 'loadingMore' } },
    },
    /** The rows shown stay on screen while the next page comes. */
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => ({ filters: context.filters, q: context.q, cursor: context.nextCursor }),
        onDone: {
          target: 'listed',
          actions: assign({
            rows: ({ context, event }) => [...context.rows, ...event.output.rows],
            nextCursor: ({ event }) => event.output.nextCursor,
            messages: [],
          }),
        },
        onError: {
          target: 'listed',
          actions: [
            assign({ messages: ({ event }) => messagesOf(event.error) }),
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
          ],
        },
      },
    },
    empty: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
