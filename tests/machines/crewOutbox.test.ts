/**
 * The crew's actions waiting on the phone (src/machines/crewOutboxMachine.ts): its generated
 * paths from an empty queue and from one kept on the phone, offline and online; then the queue
 * as the page runs it across a reload, sending in order with each action's key and time.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import type { CrewStop } from '../../src/api/contract/crews';
import { ApiError, networkFailure } from '../../src/api/errors';
import { crewOutboxMachine } from '../../src/machines/crewOutboxMachine';
import { withQueued, type QueuedAction } from '../../src/machines/crewQueue';
import { stopOf } from '../support/fixtures/crew-day';
import { graphSuite, recordEffects, statePath } from '../support/graph/graph';

const actionOf = (key: string, stopId: string, type: QueuedAction['request']['type'], at: string) =>
  ({
    key,
    stopId,
    request: { type, taken_at: `2026-11-28T${at}:00.000Z`, lat: 6.6, lng: 3.35, accuracy_m: 12 },
  }) satisfies QueuedAction;

const onTheWay = actionOf('key-1', 's1', 'on_the_way', '13:05');
const arrived = actionOf('key-2', 's1', 'arrived', '13:20');
const failed = {
  ...actionOf('key-3', 's2', 'failed', '13:40'),
  request: { ...actionOf('key-3', 's2', 'failed', '13:40').request, reason: 'refused' as const },
};

/** Whether the phone is offline, as the page's guard would say at that moment: marked on the sample. */
type Offline = { offline?: boolean };
const offline = <T extends object>(value: T): T & Offline => ({ ...value, offline: true });
const machine = crewOutboxMachine.provide({
  guards: {
    isOffline: ({ event }) => {
      const { offline, error, input } = event as EventObject & {
        offline?: boolean;
        error?: Offline;
        input?: Offline;
      };
      return Boolean(offline ?? error?.offline ?? input?.offline);
    },
  },
});

const answered = (action: QueuedAction): CrewStop =>
  stopOf(action.stopId, { state: action.request.type === 'failed' ? 'failed' : 'on_the_way' });
const refused = new ApiError(
  ['Arrived comes after “On the way”: this stop is not started.'],
  {},
  409,
);
const dropped = networkFailure();
const serverError = new ApiError(['Server error.'], {}, 500);
const effects = recordEffects(['save', 'sent', 'removed', 'notifyErrors']);

graphSuite('crewOutbox', {
  machine,
  inputs: [
    // Nothing waiting; two actions kept on the phone, the page opened online, or offline.
    { items: [] },
    { items: [onTheWay, arrived] },
    offline({ items: [onTheWay, arrived] }),
  ],
  events: (snapshot) => {
    const first = snapshot.context.items[0] as QueuedAction | undefined;
    return [
      { type: 'enqueue', action: failed },
      offline({ type: 'enqueue', action: failed }),
      ...(first ? [{ type: 'xstate.done.actor.sendAction', output: answered(first) }] : []),
      { type: 'xstate.error.actor.sendAction', error: refused },
      { type: 'xstate.error.actor.sendAction', error: offline(dropped) },
      { type: 'xstate.error.actor.sendAction', error: dropped },
      { type: 'xstate.error.actor.sendAction', error: serverError },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      items: snapshot.context.items.map((item: QueuedAction) => item.key),
      refused: snapshot.context.messages.length > 0,
    }),
  // A third action is enough to walk every state; the queue keeps any number.
  offered: (event, snapshot) => event.type !== 'enqueue' || snapshot.context.items.length < 3,
  implementations: { actions: effects.actions },
  // `checking` decides at once: no one sees it.
  states: {
    empty: [],
    sending: ['busy'],
    waiting: ['waiting'],
    retrying: ['waiting'],
    refused: [],
  },
  offers: {
    empty: ['enqueue'],
    sending: ['enqueue'],
    waiting: ['enqueue', 'network.back'],
    retrying: ['enqueue', 'network.back'],
    refused: ['enqueue', 'retry', 'remove'],
  },
  // The first action goes, as it was kept: its key, its time, its position.
  checkInput: (id, input, snapshot) => {
    if (id === 'sendAction') expect(input).toBe(snapshot.context.items[0]);
  },
  check: (actual, _expected, event, before) => {
    const done = effects.take();
    const state = statePath(actual.value);
    const was: QueuedAction[] = before.context.items;
    const now: QueuedAction[] = actual.context.items;
    const payload = event as EventObject & { action?: QueuedAction; output?: CrewStop };
    const error = (event as { error?: ApiError & Offline }).error;
    // Nothing waits in `empty`; something always waits elsewhere.
    expect(state === 'empty').toBe(now.length === 0);
    // Where the queue goes once it looks again (after an answer, Try again, the network back).
    const next = now.length === 0 ? 'empty' : (payload as Offline).offline ? 'waiting' : 'sending';
    switch (event.type) {
      case 'enqueue':
        // Last in the queue, whatever it is doing, and kept on the phone.
        expect(now).toEqual([...was, payload.action]);
        expect(done).toEqual([['save', { items: now }]]);
        expect(state).toBe(statePath(before.value) === 'empty' ? next : statePath(before.value));
        break;
      case 'xstate.done.actor.sendAction':
        // Answered: the list shows the stop, the action leaves the queue, the rest follow in order.
        expect(now).toEqual(was.slice(1));
        expect(done).toEqual([
          ['sent', { stop: payload.output }],
          ['save', { items: now }],
        ]);
        expect(state).toBe(next);
        break;
      case 'xstate.error.actor.sendAction':
        expect(now).toBe(was);
        if (error === refused) {
          // Stopped at the refused action, with the server's words: never dropped by itself.
          expect(state).toBe('refused');
          expect(actual.context.messages).toEqual(refused.messages);
          expect(done).toEqual([['notifyErrors', { messages: refused.messages }]]);
        } else {
          expect(state).toBe(error?.offline ? 'waiting' : 'retrying');
          expect(done).toEqual([]);
        }
        break;
      case 'retry':
        expect(now).toBe(was);
        expect(actual.context.messages).toEqual([]);
        expect(state).toBe('sending');
        break;
      case 'remove':
        // Removed by the crew member: the list loads again, and the next one goes.
        expect(now).toEqual(was.slice(1));
        expect(done).toEqual([
          ['removed', { action: was[0] }],
          ['save', { items: now }],
        ]);
        expect(state).toBe(next);
        break;
      case 'network.back':
      case 'xstate.after.retryDelay.crewOutbox.retrying':
        expect(state).toBe('sending');
        expect(done).toEqual([]);
        break;
    }
  },
});

describe('the queue on the phone', () => {
  it('shows each stop after its waiting actions', () => {
    const stop = stopOf('s1');
    expect(withQueued(stop, [])).toBe(stop);
    expect(withQueued(stop, [onTheWay])).toEqual({ ...stop, state: 'on_the_way' });
    expect(withQueued(stop, [onTheWay, failed, arrived])).toEqual({ ...stop, state: 'arrived' });
    expect(withQueued(stopOf('s2'), [onTheWay, failed])).toEqual(stopOf('s2', { state: 'failed' }));
  });

  it('survives a reload and sends in order, each action once answered, with its own key and time', async () => {
    const sent: QueuedAction[] = [];
    let kept: QueuedAction[] = [];
    let online = false;
    let answerLost = true;
    const page = () =>
      createActor(
        crewOutboxMachine.provide({
          actors: {
            sendAction: fromPromise<CrewStop, QueuedAction>(async ({ input }) => {
              sent.push(input);
              // The first answer is lost on the way back: the same action goes again.
              if (answerLost) {
                answerLost = false;
                throw networkFailure();
              }
              return answered(input);
            }),
          },
          guards: { isOffline: () => !online },
          actions: { save: (_, { items }) => (kept = items) },
          delays: { retryDelay: 0 },
        }),
        { input: { items: kept } },
      ).start();
    const first = page();
    first.send({ type: 'enqueue', action: onTheWay });
    first.send({ type: 'enqueue', action: arrived });
    expect(first.getSnapshot().value).toBe('waiting');
    first.stop();
    // The page is opened again, still offline: the queue is as it was kept.
    const second = page();
    expect(second.getSnapshot().context.items).toEqual([onTheWay, arrived]);
    online = true;
    second.send({ type: 'network.back' });
    await waitFor(second, (snapshot) => snapshot.matches('empty'));
    expect(sent.map(({ key, request }) => [key, request.type, request.taken_at])).toEqual([
      ['key-1', 'on_the_way', onTheWay.request.taken_at],
      ['key-1', 'on_the_way', onTheWay.request.taken_at],
      ['key-2', 'arrived', arrived.request.taken_at],
    ]);
    expect(kept).toEqual([]);
  });
});
