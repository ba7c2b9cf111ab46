import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import {
  staffListMachine,
  type ListQuery,
  type Page,
  type PageRequest,
} from '../../src/machines/staffListMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const recorded = recordEffects(['notifyErrors', 'writeAddress']);
const everywhere = ['filter.change', 'search.change', 'search.submit', 'address.change'];
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
    { type: 'search.change', value: '  ada@example.com ' },
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
  implementations: { actions: recorded.actions },
  // Loading, the rows (kept while the next page comes), no rows, and a failed load to retry.
  states: { loading: ['busy'], listed: [], loadingMore: ['busy'], empty: [], failed: [] },
  // Filters, the search box and the address work in every state; Show more and Try again where they apply.
  offers: {
    loading: everywhere,
    listed: [...everywhere, 'more'],
    loadingMore: everywhere,
    empty: everywhere,
    failed: [...everywhere, 'retry'],
  },
  checkInput: (id, input, snapshot) =>
    expect(input).toEqual({
      filters: snapshot.context.filters,
      q: snapshot.context.q,
      cursor: id === 'loadPage' ? null : snapshot.context.nextCursor,
    }),
  check: (actual, _expected, event, before) => {
    const effects = recorded.take();
    const { rows, nextCursor, messages, filters, q, searchText } = actual.context;
    const was = before.context;
    if (actual.matches('listed')) expect(rows.length).toBeGreaterThan(0);
    if (actual.matches('empty') || actual.matches('failed')) expect(rows).toEqual([]);
    // The address holds the filters that are set, without the empty ones.
    const inAddress = filters.status ? { status: filters.status } : {};
    const payload = event as unknown as {
      values: Record<string, string>;
      value: string;
      filters: Record<string, string>;
      q: string;
      output: Page<{ reference_number: string }>;
    };
    switch (event.type) {
      case 'filter.change':
        expect(actual.value).toBe('loading');
        expect(filters).toEqual({ ...was.filters, ...payload.values });
        expect(effects).toEqual([['writeAddress', { filters: inAddress, q: was.q }]]);
        break;
      case 'search.change':
        expect(actual.value).toEqual(before.value);
        expect(searchText).toBe(payload.value);
        expect(q).toBe(was.q);
        expect(effects).toEqual([]);
        break;
      case 'search.submit':
        expect(actual.value).toBe('loading');
        expect(q).toBe(was.searchText.trim());
        expect(effects).toEqual([['writeAddress', { filters: inAddress, q }]]);
        break;
      case 'address.change': {
        // An address the list already shows (the same filters once empty ones are left out) changes nothing.
        const same = payload.q === was.q && payload.filters.status === was.filters.status;
        expect(actual.value).toEqual(same ? before.value : 'loading');
        expect(filters).toEqual(same ? was.filters : payload.filters);
        expect(q).toBe(same ? was.q : payload.q);
        expect(searchText).toBe(same ? was.searchText : payload.q);
        expect(effects).toEqual([]);
        break;
      }
      case 'xstate.done.actor.loadPage':
        expect(actual.value).toBe(payload.output.rows.length > 0 ? 'listed' : 'empty');
        expect(rows).toEqual(payload.output.rows);
        expect(nextCursor).toBe(payload.output.nextCursor);
        expect(messages).toEqual([]);
        break;
      case 'xstate.error.actor.loadPage':
        expect(actual.value).toBe('failed');
        expect(nextCursor).toBeNull();
        expect(messages).toEqual(offline.messages);
        break;
      case 'more':
        expect(actual.value).toBe(was.nextCursor === null ? 'listed' : 'loadingMore');
        expect(rows).toEqual(was.rows);
        break;
      case 'xstate.done.actor.loadMore':
        expect(actual.value).toBe('listed');
        expect(rows).toEqual([...was.rows, ...payload.output.rows]);
        expect(nextCursor).toBe(payload.output.nextCursor);
        expect(messages).toEqual([]);
        break;
      case 'xstate.error.actor.loadMore':
        // The rows stay; the failure is a toast.
        expect(actual.value).toBe('listed');
        expect(rows).toEqual(was.rows);
        expect(nextCursor).toBe(was.nextCursor);
        expect(messages).toEqual(offline.messages);
        expect(effects).toEqual([['notifyErrors', { messages: offline.messages }]]);
        break;
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
    }
    // The search box shows what was typed, whatever happened since.
    if (q) expect(searchText.trim()).toBe(q);
  },
});

it('starts from the address, with nothing listed', () => {
  expect(
    createActor(staffListMachine, {
      input: { filters: { status: 'Shipped' }, q: 'ada' },
    }).getSnapshot().context,
  ).toEqual({
    filters: { status: 'Shipped' },
    searchText: 'ada',
    q: 'ada',
    rows: [],
    nextCursor: null,
    messages: [],
  });
  expect(createActor(staffListMachine, { input: {} }).getSnapshot().context).toMatchObject({
    filters: {},
    searchText: '',
    q: '',
  });
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
