/**
 * Runs a staff list's machine (staffListMachineFor) on one paged staff call, with its filters
 * and search in the page's address: the first page loads from the address, a change the user
 * makes is written to it (a new history entry), and the address changing under the page (back,
 * forward) is handed to the machine. Returns the typed rows, the snapshot's filters and search,
 * what ListStates needs, and `send`.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type {
  ListQuery,
  Page,
  PageRequest,
  StaffListMachine,
} from '../../machines/staffListMachine';
import { useFlow, type FlowEffects } from '../components/useFlow';
import type { ListView } from './ListStates';

/** The address's query string for a list query: the named filters in their order, then `q`; empty ones left out. */
export function searchOf(filterNames: readonly string[], { filters, q }: ListQuery): string {
  const params = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) params.set(name, filters[name]);
  if (q) params.set('q', q);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function queryOf(filterNames: readonly string[], search: string): ListQuery {
  const params = new URLSearchParams(search);
  return {
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
    q: params.get('q')?.trim() ?? '',
  };
}

export function useStaffList<Row>(
  machine: StaffListMachine<Row>,
  loadPage: (request: PageRequest) => Promise<Page<Row>>,
  filterNames: readonly string[] = [],
) {
  const location = useLocation();
  const [input] = useState(() => queryOf(filterNames, location.search));
  const { snapshot, send } = useFlow<StaffListMachine<Row>>(
    machine,
    ({ navigate }) =>
      ({
        actors: {
          loadPage: fromPromise<Page<Row>, PageRequest>(({ input: request }) => loadPage(request)),
        },
        actions: {
          writeAddress: (_: unknown, query: ListQuery) =>
            navigate({ search: searchOf(filterNames, query) }),
        },
      }) as FlowEffects<StaffListMachine<Row>>,
    input,
  );
  // filterNames is a constant of the page: only the address changing asks the machine again.
  const names = useState(() => filterNames)[0];
  useEffect(() => {
    send({ type: 'address.change', ...queryOf(names, location.search) });
  }, [location.search, names, send]);
  const list: ListView = {
    phase:
      (['loading', 'failed', 'empty', 'loadingMore'] as const).find((phase) =>
        snapshot.matches(phase),
      ) ?? 'listed',
    messages: snapshot.context.messages,
    hasMore: snapshot.context.nextCursor !== null,
    canMore: snapshot.can({ type: 'more' }),
    onRetry: () => send({ type: 'retry' }),
    onMore: () => send({ type: 'more' }),
  };
  return { snapshot, send, rows: snapshot.context.rows, list };
}

/** A paged answer of the contract (`data`, `next_cursor`) as the machine's page. */
export const pageOf = <Row>(answer: { data: Row[]; next_cursor: string | null }): Page<Row> => ({
  rows: answer.data,
  nextCursor: answer.next_cursor,
});
