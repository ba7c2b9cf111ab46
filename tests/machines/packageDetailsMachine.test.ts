import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TrackingResult } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  packageDetailsMachine,
  type PackageDetailsInput,
} from '../../src/machines/packageDetailsMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const reference = 'RL-ABCDEFGH23';
const result = (status: TrackingResult['status']): TrackingResult => ({
  reference_number: reference,
  service_type: 'scheduled_delivery',
  status,
  ProgressBar: status === 'ToInspect' ? 33 : 66,
  'date created': '2025-03-05T09:30:00.000Z',
  'date updated': '2025-03-06T14:05:00.000Z',
  history: [
    { status: 'ToInspect', date: '2025-03-05T09:30:00.000Z' },
    ...(status === 'Shipped'
      ? [{ status: 'Shipped' as const, date: '2025-03-06T14:05:00.000Z' }]
      : []),
  ],
});
const recorded = recordEffects(['notifyErrors', 'remember']);
const unknown = new ApiError(['No package was found with this tracking code.'], {}, 404);
const offline = new ApiError(['An error occurred. Please try again.']);
const serverError = new ApiError(['Server error.'], {}, 500);
/** The result this phone last saw for the reference (the page offline). */
const lastSeen = { result: result('ToInspect'), fetchedAt: Date.UTC(2026, 10, 27, 13, 5) };
/** The snapshot the previous check was given: another one before a step starts a new path. */
let lastChecked: unknown = null;

graphSuite('packageDetails', {
  machine: packageDetailsMachine,
  inputs: [
    { reference, result: result('ToInspect') },
    { reference, result: null },
    { reference: null, result: null },
    { reference, result: null, lastSeen },
    // The page's early look-up answered before the page started (src/api/earlyTracking.ts).
    { reference, result: null, lastSeen, answered: result('Shipped') },
  ],
  events: [
    { type: 'xstate.done.actor.lookUp', output: result('Shipped') },
    { type: 'xstate.error.actor.lookUp', error: unknown },
    { type: 'xstate.error.actor.lookUp', error: offline },
    // An answer that is a failure: no result as last seen, whatever was seen before.
    { type: 'xstate.error.actor.lookUp', error: serverError },
    { type: 'xstate.done.actor.refresh', output: result('Shipped') },
    { type: 'xstate.error.actor.refresh', error: unknown },
    { type: 'xstate.error.actor.refresh', error: offline },
  ],
  implementations: { actions: recorded.actions },
  // No code in the address, looking up, the result (kept while the newest status comes), unknown, failed.
  states: {
    missing: [],
    loading: ['busy'],
    'showing.current': [],
    'showing.refreshing': ['busy'],
    notFound: [],
    failed: [],
    offline: [],
  },
  // Refresh while the result shows, Try again after a failed first look-up.
  offers: {
    missing: [],
    'showing.current': ['refresh'],
    'showing.refreshing': [],
    notFound: [],
    failed: ['retry'],
    offline: ['retry'],
  },
  checkInput: (_id, input) => expect(input).toBe(reference),
  check: (actual, _expected, event, before) => {
    // A path's first step: `before` is the snapshot the machine started in, and the effects
    // taken include the start's: an answered start keeps its answer as the last seen (a path
    // with no step, the start alone, leaves its own to the next path's first step).
    const first = before !== lastChecked;
    lastChecked = actual;
    const taken = recorded.take();
    const started = { result: before.context.result };
    if (first && before.context.answered) {
      expect(taken[0]).toEqual(['remember', started]);
      while (taken.length && JSON.stringify(taken[0]) === JSON.stringify(['remember', started]))
        taken.shift();
    }
    // Every result found is handed to the view to keep; the toasts are the other effects.
    const kept = taken.filter(([name]) => name === 'remember');
    const effects = taken.filter(([name]) => name !== 'remember');
    const { result: shown, messages, errors, asOf } = actual.context;
    const { output, error } = event as { output?: TrackingResult; error?: ApiError };
    expect(errors).toEqual({});
    expect(kept).toEqual(output ? [['remember', { result: output }]] : []);
    // The result is marked with its time while it is the one last seen: until a look-up answers.
    expect(asOf).toBe(output ? null : before.context.asOf);
    switch (event.type) {
      case 'xstate.done.actor.lookUp':
      case 'xstate.done.actor.refresh':
        expect(actual.value).toEqual({ showing: 'current' });
        expect(shown).toEqual(output);
        expect(messages).toEqual([]);
        expect(effects).toEqual([]);
        break;
      case 'xstate.error.actor.lookUp':
      case 'xstate.error.actor.refresh':
        if (error === unknown) {
          // Not found is the page's own message, not a toast.
          expect(actual.value).toBe('notFound');
          expect(messages).toEqual(error.messages);
          expect(effects).toEqual([]);
        } else if (error === offline && before.context.asOf !== null) {
          // No answer while the result last seen shows: offline, that result, no toast.
          expect(actual.value).toBe('offline');
          expect(shown).toEqual(lastSeen.result);
          expect(messages).toEqual(before.context.messages);
          expect(effects).toEqual([]);
        } else {
          // A failed refresh keeps the result on screen; a failed first look-up offers Try again.
          expect(actual.value).toEqual(
            event.type === 'xstate.error.actor.refresh' ? { showing: 'current' } : 'failed',
          );
          expect(shown).toEqual(before.context.result);
          expect(messages).toEqual(error!.messages);
          expect(effects).toEqual([['notifyErrors', { messages: error!.messages }]]);
        }
        break;
      case 'refresh':
        expect(actual.value).toEqual({ showing: 'refreshing' });
        expect(shown).toEqual(before.context.result);
        break;
      case 'retry':
        // Offline, the result last seen stays while it is looked up again.
        expect(actual.value).toEqual(
          before.matches('offline') ? { showing: 'refreshing' } : 'loading',
        );
        break;
    }
  },
});

it('starts from the code in the address, trimmed, with nothing to report', () => {
  const start = (input: PackageDetailsInput) =>
    createActor(packageDetailsMachine, { input }).getSnapshot();
  expect(start({ reference: `  ${reference} `, result: null }).context).toEqual({
    reference,
    result: null,
    errors: {},
    messages: [],
    asOf: null,
    answered: false,
  });
  // The result last seen shows at once, with its time, while the newest is fetched; one carried
  // from /track is newer.
  const seen = start({ reference, result: null, lastSeen });
  expect(seen.value).toEqual({ showing: 'refreshing' });
  expect(seen.context).toMatchObject({ result: lastSeen.result, asOf: lastSeen.fetchedAt });
  const carried = start({ reference, result: result('Shipped'), lastSeen });
  expect(carried.context).toMatchObject({ result: result('Shipped'), asOf: null });
  // The answer of the page's early look-up, in as it starts: current, kept, nothing looked up.
  const remember = vi.fn();
  const lookUp = vi.fn(() => new Promise<TrackingResult>(() => {}));
  const answered = createActor(
    packageDetailsMachine.provide({
      actors: { lookUp: fromPromise(lookUp) },
      actions: { remember: (_, params) => remember(params) },
    }),
    { input: { reference, result: result('ToInspect'), lastSeen, answered: result('Shipped') } },
  ).start();
  expect(answered.getSnapshot().value).toEqual({ showing: 'current' });
  expect(answered.getSnapshot().context).toMatchObject({ result: result('Shipped'), asOf: null });
  expect(answered.getSnapshot().hasTag('busy')).toBe(false);
  expect(remember).toHaveBeenCalledExactlyOnceWith({ result: result('Shipped') });
  expect(lookUp).not.toHaveBeenCalled();
  expect(start({ reference: null, result: null }).value).toBe('missing');
  expect(start({ reference: '   ', result: null }).value).toBe('missing');
});

describe('packageDetails', () => {
  function start(
    input: { reference: string | null; result: TrackingResult | null },
    lookUp: (code: string) => Promise<TrackingResult>,
  ) {
    const notifyErrors = vi.fn();
    const actor = createActor(
      packageDetailsMachine.provide({
        actors: { lookUp: fromPromise(({ input: code }) => lookUp(code)) },
        actions: { notifyErrors: (_, params) => notifyErrors(params) },
      }),
      { input },
    ).start();
    return { actor, notifyErrors };
  }

  it('shows a carried result at once and replaces it with the newest status', async () => {
    const lookUp = vi.fn(async () => result('Shipped'));
    const { actor } = start({ reference, result: result('ToInspect') }, lookUp);
    expect(actor.getSnapshot().context.result?.status).toBe('ToInspect');
    await waitFor(actor, (snapshot) => snapshot.matches({ showing: 'current' }));
    expect(actor.getSnapshot().context.result?.status).toBe('Shipped');
    expect(lookUp).toHaveBeenCalledWith(reference);
  });

  it('keeps the shown result when a refresh cannot reach the server, and says so', async () => {
    const { actor, notifyErrors } = start({ reference, result: result('ToInspect') }, async () => {
      throw offline;
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ showing: 'current' }));
    expect(actor.getSnapshot().context.result?.status).toBe('ToInspect');
    expect(notifyErrors).toHaveBeenCalledWith({
      messages: ['An error occurred. Please try again.'],
    });
  });

  it('trims the reference from the URL and looks nothing up without one', () => {
    const lookUp = vi.fn(async () => result('Shipped'));
    expect(start({ reference: '  ', result: null }, lookUp).actor.getSnapshot().value).toBe(
      'missing',
    );
    expect(lookUp).not.toHaveBeenCalled();
  });
});
