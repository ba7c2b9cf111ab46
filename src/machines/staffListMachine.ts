/**
 * A staff list, paged, whose filters and search live in the page's address: the order queue
 * (status, service, price, job dates, sort, search), the partner applications (status) and the
 * newsletter subscribers. The first page loads at once from the address the page opened with;
 * a filter change or a submitted search writes the address (`writeAddress`, a new history entry)
 * and loads again from the first page; the address changing under the page (back, forward, a
 * link) is `address.change`, which loads again only when it says something other than what is
 * shown. The search text is kept as typed and is applied on `search.submit`; "Show more"
 * (`more`) appends the next page while the shown rows stay. Pages come from `loadPage`, provided
 * by the view; failures of a further page are toasts (`notifyErrors`) and the list stays.
 *
 * `staffListMachineFor<Row>()` makes the machine for one list's row type, so a view reads its
 * rows typed; `staffListMachine` is the one the graph tests and the diagram use.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { messagesOf } from '../api/errors';

export interface ListQuery {
  /** Filter values by name (`status`, `service_type`, `sort`, …); '' or absent means any. */
  filters: Record<string, string>;
  /** The search text as applied to the shown rows. */
  q: string;
}

export interface PageRequest extends ListQuery {
  cursor: string | null;
}

export interface Page<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/** Filters without their empty values, so two queries that mean the same compare equal. */
export const setFilters = (filters: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export const sameQuery = (a: ListQuery, b: ListQuery) =>
  a.q === b.q && JSON.stringify(setFilters(a.filters)) === JSON.stringify(setFilters(b.filters));

export function staffListMachineFor<Row>() {
  return setup({
    types: {
      tags: {} as 'busy',
      context: {} as {
        filters: Record<string, string>;
        /** What is in the search box (kept as typed) and what the rows were searched with. */
        searchText: string;
        q: string;
        rows: Row[];
        nextCursor: string | null;
        messages: string[];
      },
      input: {} as Partial<ListQuery>,
      events: {} as
        | { type: 'filter.change'; values: Record<string, string> }
        | { type: 'search.change'; value: string }
        | { type: 'search.submit' }
        | { type: 'address.change'; filters: Record<string, string>; q: string }
        | { type: 'more' }
        | { type: 'retry' },
    },
    actors: {
      loadPage: providedByView<Page<Row>, PageRequest>('loadPage'),
    },
    actions: {
      notifyErrors: (_, _params: { messages: string[] }) => {},
      /** Puts the shown query in the address, as a new history entry (provided by the view). */
      writeAddress: (_, _params: ListQuery) => {},
    },
    guards: {
      hasRows: ({ context }) => context.rows.length > 0,
      hasMore: ({ context }) => context.nextCursor !== null,
      addressDiffers: ({ context, event }) =>
        event.type === 'address.change' && !sameQuery(context, event),
    },
  }).createMachine({
    id: 'staffList',
    context: ({ input }) => ({
      filters: input.filters ?? {},
      searchText: input.q ?? '',
      q: input.q ?? '',
      rows: [],
      nextCursor: null,
      messages: [],
    }),
    initial: 'loading',
    on: {
      'filter.change': {
        target: '.loading',
        reenter: true,
        actions: [
          assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.values }) }),
          {
            type: 'writeAddress',
            params: ({ context }) => ({ filters: setFilters(context.filters), q: context.q }),
          },
        ],
      },
      'search.change': { actions: assign({ searchText: ({ event }) => event.value }) },
      'search.submit': {
        target: '.loading',
        reenter: true,
        actions: [
          assign({ q: ({ context }) => context.searchText.trim() }),
          {
            type: 'writeAddress',
            params: ({ context }) => ({ filters: setFilters(context.filters), q: context.q }),
          },
        ],
      },
      'address.change': {
        guard: 'addressDiffers',
        target: '.loading',
        reenter: true,
        actions: assign({
          filters: ({ event }) => event.filters,
          q: ({ event }) => event.q,
          searchText: ({ event }) => event.q,
        }),
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
            actions: assign({
              rows: ({ event }) => event.output.rows,
              nextCursor: ({ event }) => event.output.nextCursor,
              messages: [],
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              rows: [],
              nextCursor: null,
              messages: ({ event }) => messagesOf(event.error),
            }),
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
          input: ({ context }) => ({
            filters: context.filters,
            q: context.q,
            cursor: context.nextCursor,
          }),
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
}

/** The list's machine as the graph tests and the diagram see it (rows of any shape). */
export const staffListMachine = staffListMachineFor<{ reference_number: string }>();
export type StaffListMachine<Row> = ReturnType<typeof staffListMachineFor<Row>>;
