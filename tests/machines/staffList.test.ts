import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import {
  staffListMachine,
  type ListQuery,
  type Page,
  type PageRequest,
} from '../../src/machines/staffListMachine';
import { graphSuite } from './graph';

const offline = new ApiError(['An error occurred. Please try again.']);
const firstPage: Page<{ reference_number: string }> = {
  rows: [{ reference_number: 'RL-ABCDEFGH23' }],
  nextCursor: 'c1',
};
const lastPage: Page<{ reference_number: string }> = {
  rows: [{ reference_number: 'RL-BCDEFGHJ34' }],
  nextCursor: null,
};

graphSuite('staffList', {
  machine: staffListMachine,
  input: { filters: { status: '', service_type: '' } },
  events: [
    { type: 'xstate.done.actor.loadPage', output: firstPage },
    { type: 'xstate.done.actor.loadPage', output: lastPage },
    { type: 'xstate.done.actor.loadPage', output: { rows: [], nextCursor: null } },
    { type: 'xstate.error.actor.loadPage', error: offline },
    { type: 'xstate.done.actor.loadMore', output: lastPage },
    { type: 'xstate.error.actor.loadMore', error: offline },
    { type: 'filter.change', values: { status: 'Shipped' } },
    { type: 'search.change', value: 'ada@example.com' },
    // Back to the address the page opened with, and to one it already shows (ignored).
    { type: 'address.change', filters: { status: '', service_type: '' }, q: '' },
    { type: 'address.change', filters: { status: 'Shipped', service_type: '' }, q: '' },
  ],
  // Rows, filters and search as counts and flags, so that reloading the same page is one state.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      rows: snapshot.context.rows.length,
      more: snapshot.context.nextCursor !== null,
      filtered: snapshot.context.filters.status !== '',
      typed: snapshot.context.searchText !== '',
      searched: snapshot.context.q !== '',
      failed: snapshot.context.messages.length > 0,
    }),
  implementations: { actions: { notifyErrors: vi.fn(), writeAddress: vi.fn() } },
  check: (actual) => {
    if (actual.matches('listed')) expect(actual.context.rows.length).toBeGreaterThan(0);
    if (actual.matches('empty') || actual.matches('failed'))
      expect(actual.context.rows).toEqual([]);
    // The search box shows what was typed, whatever happened since.
    if (actual.context.q) expect(actual.context.searchText.trim()).toBe(actual.context.q);
  },
});

describe('staffList', () => {
  it('asks for the next page with the filters and search of the shown rows, and appends it', async () => {
    const requests: PageRequest[] = [];
    const loadPage = vi.fn(async (request: PageRequest) => {
      requests.push(request);
      return request.cursor ? lastPage : firstPage;
    });
    const actor = createActor(
      staffListMachine.provide({
        actors: { loadPage: fromPromise(({ input }) => loadPage(input)) },
      }),
      {
        input: { filters: { status: '' } },
      },
    ).start();
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'search.change', value: '  RL-ABCDEFGH23 ' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'search.change', value: 'typed but not searched' });
    actor.send({ type: 'more' });
    await waitFor(actor, (s) => s.matches('listed') && s.context.nextCursor === null);
    expect(requests.at(-1)).toEqual({ filters: { status: '' }, q: 'RL-ABCDEFGH23', cursor: 'c1' });
    expect(actor.getSnapshot().context.rows).toEqual([...firstPage.rows, ...lastPage.rows]);
    expect(actor.getSnapshot().context.searchText).toBe('typed but not searched');
  });
});

describe('staffList in the address', () => {
  it('writes each change to the address, and loads again only when the address says something else', async () => {
    const requests: PageRequest[] = [];
    const written: ListQuery[] = [];
    const actor = createActor(
      staffListMachine.provide({
        actors: { loadPage: fromPromise(async ({ input }) => (requests.push(input), firstPage)) },
        actions: { writeAddress: (_, query) => written.push(query) },
      }),
      { input: { filters: { status: 'open', sort: 'job_date' }, q: 'Ada' } },
    ).start();
    await waitFor(actor, (s) => s.matches('listed'));
    expect(requests).toEqual([
      { filters: { status: 'open', sort: 'job_date' }, q: 'Ada', cursor: null },
    ]);
    expect(actor.getSnapshot().context.searchText).toBe('Ada');

    actor.send({ type: 'filter.change', values: { price: 'none' } });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(written).toEqual([
      { filters: { price: 'none', sort: 'job_date', status: 'open' }, q: 'Ada' },
    ]);
    // The address the page wrote comes back: nothing loads again.
    actor.send({
      type: 'address.change',
      filters: { status: 'open', sort: 'job_date', price: 'none', dir: '' },
      q: 'Ada',
    });
    expect(actor.getSnapshot().matches('listed')).toBe(true);
    expect(requests).toHaveLength(2);
    // Back: the earlier address shows its list again, search box included, and writes nothing.
    actor.send({ type: 'address.change', filters: { status: 'open', sort: 'job_date' }, q: 'Ada' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(requests.at(-1)).toEqual({
      filters: { status: 'open', sort: 'job_date' },
      q: 'Ada',
      cursor: null,
    });
    actor.send({ type: 'address.change', filters: {}, q: '' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(actor.getSnapshot().context.searchText).toBe('');
    expect(written).toHaveLength(1);
  });
});
