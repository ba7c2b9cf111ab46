/**
 * Runs staffListMachine on one paged staff call: the rows (typed by the call), the controls'
 * props and the events. The filters and the search box live in the machine.
 */
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffListMachine, type Page, type PageRequest } from '../../machines/staffListMachine';
import { useFlow } from '../components/useFlow';

export function useStaffList<Row>(loadPage: (request: PageRequest) => Promise<Page<Row>>, filters: Record<string, string> = {}) {
  const [input] = useState({ filters });
  const { snapshot, send } = useFlow<typeof staffListMachine>(
    staffListMachine,
    () => ({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } }),
    input,
  );
  return { snapshot, send, rows: snapshot.context.rows as Row[] };
}

/** A paged answer of the contract (`data`, `next_cursor`) as the machine's page. */
export const pageOf = <Row>(answer: { data: Row[]; next_cursor: string | null }): Page<Row> => ({
  rows: answer.data,
  nextCursor: answer.next_cursor,
});
