import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Dispatch } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { dispatchMachine } from '../../src/machines/dispatchMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const TODAY = '2026-11-28';
const NEXT = '2026-11-29';
const offline = new ApiError(['An error occurred. Please try again.']);
const boardOf = (date: string, unassigned: number): Dispatch => ({
  date,
  unassigned: Array.from({ length: unassigned }, (_, n) => ({
    reference: `RL-AAAAAAAA${n}2`,
    service_type: 'scheduled_delivery' as const,
    job_date: date,
    overdue: false,
    address: '12 Admiralty Way, Lekki, Lagos',
    window_start: null,
    window_end: null,
    conflict: false,
  })),
  crews: [],
});
const effects = recordEffects(['writeAddress']);

graphSuite('dispatch', {
  machine: dispatchMachine,
  input: { date: TODAY },
  events: (snapshot) => {
    const date = snapshot.context.date as string;
    return [
      { type: 'xstate.done.actor.loadBoard', output: boardOf(date, 2) },
      { type: 'xstate.error.actor.loadBoard', error: offline },
      { type: 'xstate.done.actor.refreshBoard', output: boardOf(date, 1) },
      { type: 'xstate.error.actor.refreshBoard', error: offline },
      // The same day changes nothing; a day that is not one (a half-typed date) neither.
      { type: 'date.change', date: date === TODAY ? NEXT : TODAY },
      { type: 'date.change', date },
      { type: 'date.change', date: '' },
      { type: 'address.change', date: date === TODAY ? NEXT : TODAY },
      { type: 'address.change', date },
      { type: 'job.choose', reference: 'RL-AAAAAAAA02' },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      date: snapshot.context.date,
      unassigned: snapshot.context.board?.unassigned.length ?? null,
      chosen: snapshot.context.chosen,
      stale: snapshot.context.messages.length > 0,
    }),
  implementations: { actions: effects.actions },
  // The board loads (a first failure offers retry), shows, and refreshes after an assignment.
  states: { loading: ['busy'], failed: [], shown: [], refreshing: ['busy'] },
  offers: {
    loading: ['date.change', 'address.change'],
    failed: ['date.change', 'address.change', 'retry'],
    shown: ['date.change', 'address.change', 'job.choose', 'job.close', 'board.refresh'],
    refreshing: ['date.change', 'address.change', 'job.choose', 'job.close'],
  },
  // loadBoard and refreshBoard alike ask for the day shown.
  checkInput: (_id, input, snapshot) => {
    expect(input).toEqual({ date: snapshot.context.date });
  },
  check: (actual, _expected, event, before) => {
    const { date, board, chosen, messages } = actual.context;
    const done = effects.take();
    // A board shown is the day's it says.
    if (board) expect(board.date).toBe(date);
    switch (event.type) {
      case 'date.change':
      case 'address.change': {
        const asked = (event as unknown as { date: string }).date;
        if (asked && asked !== before.context.date) {
          expect(actual.value).toBe('loading');
          expect(date).toBe(asked);
          expect(board).toBeNull();
          expect(chosen).toBeNull();
          // Only the page's own change writes the address; back and forward already did.
          expect(done).toEqual(event.type === 'date.change' ? [['writeAddress', { date }]] : []);
        } else {
          expect(actual.value).toEqual(before.value);
          expect(done).toEqual([]);
        }
        break;
      }
      case 'xstate.error.actor.loadBoard':
        expect(actual.value).toBe('failed');
        expect(messages).toEqual(offline.messages);
        break;
      case 'xstate.done.actor.refreshBoard':
        expect(board!.unassigned).toHaveLength(1);
        expect(messages).toEqual([]);
        expect(chosen).toBe(before.context.chosen);
        break;
      case 'xstate.error.actor.refreshBoard':
        // The board stays, said to be out of date.
        expect(actual.value).toBe('shown');
        expect(board).toEqual(before.context.board);
        expect(messages).toEqual(offline.messages);
        break;
      case 'job.choose':
        expect(chosen).toBe('RL-AAAAAAAA02');
        break;
      case 'job.close':
        expect(chosen).toBeNull();
        break;
    }
  },
});

describe('dispatch', () => {
  it('loads the day it starts with, and the day it is changed to', async () => {
    const asked: string[] = [];
    const actor = createActor(
      dispatchMachine.provide({
        actors: {
          loadBoard: fromPromise(async ({ input }) => {
            asked.push(input.date);
            return boardOf(input.date, 0);
          }),
        },
      }),
      { input: { date: TODAY } },
    ).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'date.change', date: NEXT });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked).toEqual([TODAY, NEXT]);
    expect(actor.getSnapshot().context.board?.date).toBe(NEXT);
  });
});
