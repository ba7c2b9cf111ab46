import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import {
  CODE_MESSAGE,
  PROOF_PHOTO_MESSAGE,
  RECEIVER_NAME_MESSAGE,
  stopStateAfter,
  type CrewStop,
} from '../../src/api/contract/crews';
import { ApiError, networkFailure } from '../../src/api/errors';
import { UNREADABLE_PHOTO } from '../../src/machines/photoMessages';
import type { QueuedAction } from '../../src/machines/crewQueue';
import {
  crewStopMachine,
  PHOTOS_NEED_NETWORK,
  photosSent,
  type CrewStopInput,
  type ShrinkCall,
  type StopEventCall,
} from '../../src/machines/crewStopMachine';
import { stopOf } from '../support/fixtures/crew-day';
import { graphSuite, recordEffects, statePath, submissionKeys } from '../support/graph/graph';

const LOCATE_LIMIT = 8000;
const here = { lat: 6.6018, lng: 3.3515, accuracy_m: 12 };
const chosen = new File([new Uint8Array(5_000)], 'handover.jpg', { type: 'image/jpeg' });
const shrunk = new File([new Uint8Array(400)], 'handover.jpg', { type: 'image/jpeg' });
const TRIES_LEFT = 'Wrong code: 3 tries left.';
const wrongCode = new ApiError([TRIES_LEFT], { code: [TRIES_LEFT] }, 422);
const LOCKED = 'Too many wrong codes: deliver without the code.';
const locked = (status: 409 | 423) => new ApiError([LOCKED], {}, status);
const NAME_REFUSED = 'The name is too long.';
const refused = new ApiError([NAME_REFUSED], { receiver_name: [NAME_REFUSED] }, 422);
const PHOTO_REFUSED = 'This file is not a photo.';
const photoRefused = new ApiError([PHOTO_REFUSED], { photos: [PHOTO_REFUSED] }, 422);
const dropped = networkFailure();
const serverError = new ApiError(['Server error.'], {}, 500);
const effects = recordEffects(['notifyErrors', 'saved', 'enqueue']);

/** The stop worked on a phone without network (or with actions already waiting to be sent). */
const OFFLINE_STOP = 's7';
const machine = crewStopMachine.provide({
  guards: { mustQueue: ({ context }) => context.stop.id === OFFLINE_STOP },
});

/** The stop as the server answers an action. */
const stateAfter = {
  on_the_way: 'on_the_way',
  arrived: 'arrived',
  picked_up: 'done',
  with_code: 'done',
  without_code: 'done',
  failed: 'failed',
} as const;

/** The phone's clock: a minute later at each reading. */
function clock() {
  let minutes = 0;
  return () => new Date(Date.UTC(2026, 10, 28, 13, minutes++)).toISOString();
}

const inputOf = (stop: CrewStop): CrewStopInput => ({
  stop,
  locateLimit: LOCATE_LIMIT,
  newSubmissionKey: submissionKeys(),
  now: clock(),
});

/** The event type of what is recorded. */
const typeOf = (recording: string) =>
  recording === 'with_code' || recording === 'without_code'
    ? 'delivered'
    : (recording as keyof typeof stopStateAfter);

/** What each state shows: the stop's actions, its four forms, the waits, a send that got no answer. */
const states = {
  idle: [],
  'delivering.enteringCode': [],
  'delivering.codeWrong': [],
  'delivering.shrinking': ['busy'],
  'loaded.choosing': [],
  'loaded.shrinking': ['busy'],
  'withoutCode.choosing': [],
  'withoutCode.shrinking': ['busy'],
  failing: [],
  locating: ['busy'],
  sending: ['busy'],
  failed: [],
  done: [],
};

graphSuite('crewStop', {
  machine,
  // Thousands of paths walk the same transitions: the fewest that cover them all are replayed.
  fewestPaths: true,
  inputs: [
    // A drop-off from the start; a pickup already reached; an unloading whose code is locked; a
    // stop done; a move's loading and unloading reached (their condition photos); a drop-off
    // worked without network.
    inputOf(stopOf('s1')),
    inputOf(stopOf('s2', { kind: 'pickup', state: 'arrived' })),
    inputOf(stopOf('s3', { kind: 'unloading', state: 'arrived', code_locked: true })),
    inputOf(stopOf('s4', { state: 'done' })),
    inputOf(stopOf('s5', { kind: 'loading', state: 'arrived' })),
    inputOf(stopOf('s6', { kind: 'unloading', state: 'arrived' })),
    inputOf(stopOf(OFFLINE_STOP, { state: 'arrived', code_locked: true })),
  ],
  implementations: { actions: effects.actions },
  events: (snapshot) => {
    const { recording, stop } = snapshot.context;
    const answers =
      recording === null
        ? []
        : [
            {
              type: 'xstate.done.actor.sendEvent',
              output: { ...stop, state: stateAfter[recording as keyof typeof stateAfter] },
            },
          ];
    const failures =
      recording === 'with_code'
        ? [wrongCode, locked(409), locked(423), dropped, serverError]
        : recording === 'without_code'
          ? [refused, serverError, dropped]
          : recording === 'picked_up'
            ? [photoRefused, dropped, serverError]
            : [dropped, serverError];
    return [
      { type: 'stop.seen', stop: { ...stop, code_locked: true } },
      { type: 'code.change', value: '12a34' },
      { type: 'code.change', value: '12' },
      { type: 'receiverName.change', value: 'Chidi Okafor' },
      { type: 'photo.pick', file: chosen },
      { type: 'photo.reject', messages: ['File type must be image/*'] },
      { type: 'photo.remove', index: 0 },
      { type: 'reason.change', reason: 'refused' },
      { type: 'reason.change', reason: 'other' },
      { type: 'note.change', value: 'The gate was locked.' },
      { type: 'progress', percent: 40 },
      { type: 'xstate.done.actor.locate', output: here },
      { type: 'xstate.done.actor.locate', output: null },
      { type: 'xstate.error.actor.locate', error: new Error('User denied Geolocation') },
      { type: 'xstate.done.actor.shrink', output: shrunk },
      {
        type: 'xstate.error.actor.shrink',
        error: new Error('The source image cannot be decoded.'),
      },
      ...answers,
      ...failures.map((error) => ({ type: 'xstate.error.actor.sendEvent', error })),
    ];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      stop: c.stop.state,
      kind: c.stop.kind,
      locked: c.codeLocked,
      recording: c.recording,
      code: c.code.length,
      name: c.receiverName !== '',
      photos: c.photos.length,
      reason: c.reason,
      note: c.note,
      errors: Object.keys(c.errors).sort(),
      messages: c.messages.length > 0,
      key: c.submissionKey !== null,
      taken: c.takenAt !== null,
      position: c.position !== null,
    });
  },
  // One photo is enough to walk every state; the limit of three is tested below. The loading (s5)
  // and the unloading (s6) are walked for their condition photos (and, at the unloading, the wait
  // while one is made smaller): the other inputs walk the rest.
  offered: (event, snapshot) =>
    (event.type !== 'photo.pick' || snapshot.context.photos.length === 0) &&
    (event.type !== 'stop.seen' || !snapshot.context.codeLocked) &&
    (!['s5', 's6'].includes(snapshot.context.stop.id) ||
      snapshot.matches({ delivering: 'shrinking' }) ||
      !['withoutCode.start', 'stop.seen', 'failure.start'].includes(event.type)),
  states,
  offers: {
    idle: [
      'stop.onTheWay',
      'stop.arrived',
      'stop.pickedUp',
      'delivery.start',
      'failure.start',
      'stop.seen',
    ],
    'delivering.enteringCode': [
      'code.change',
      'submit',
      'withoutCode.start',
      'cancel',
      'photo.pick',
      'photo.reject',
      'photo.remove',
    ],
    'delivering.codeWrong': [
      'code.change',
      'submit',
      'withoutCode.start',
      'cancel',
      'photo.pick',
      'photo.reject',
      'photo.remove',
    ],
    // Nothing leaves the form while a photo is made smaller but Cancel; the code may be typed.
    'delivering.shrinking': ['progress', 'code.change', 'submit', 'withoutCode.start', 'cancel'],
    'loaded.choosing': ['photo.pick', 'photo.reject', 'photo.remove', 'submit', 'cancel'],
    'loaded.shrinking': ['progress', 'cancel'],
    'withoutCode.choosing': [
      'photo.pick',
      'photo.reject',
      'photo.remove',
      'submit',
      'receiverName.change',
      'code.back',
      'cancel',
    ],
    'withoutCode.shrinking': ['progress', 'receiverName.change', 'code.back', 'cancel'],
    failing: ['reason.change', 'note.change', 'submit', 'cancel'],
    locating: [],
    sending: ['progress'],
    failed: ['retry', 'cancel'],
    // A finished stop opens again when the list says so (staff set a failed stop pending again).
    done: ['stop.seen'],
  },
  checkInput: (id, input, snapshot) => {
    const c = snapshot.context;
    if (id === 'shrink') expect(input).toEqual({ file: chosen, report: expect.any(Function) });
    if (id !== 'sendEvent') return;
    const call = input as StopEventCall;
    // When it was taken goes with it: the time held since the action began.
    const where = { ...c.position, taken_at: c.takenAt };
    expect(c.takenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    const request = {
      on_the_way: { type: 'on_the_way', ...where },
      arrived: { type: 'arrived', ...where },
      picked_up: { type: 'picked_up', ...where },
      with_code: { type: 'delivered', code: c.code, ...where },
      without_code: { type: 'delivered', receiver_name: 'Chidi Okafor', ...where },
      failed: {
        type: 'failed',
        reason: c.reason,
        note: c.reason === 'other' ? 'The gate was locked.' : c.note || undefined,
        ...where,
      },
    }[c.recording as keyof typeof stateAfter];
    // Photos go without the code, and a move's condition photos with its loading's Picked up and
    // its unloading's code; never with a drop-off's code. The key is the one held since the action began.
    const condition =
      ['loading', 'unloading'].includes(c.stop.kind) &&
      ['picked_up', 'with_code'].includes(c.recording!);
    if (c.stop.kind === 'dropoff' && c.recording === 'with_code') expect(call.photos).toEqual([]);
    expect(call).toEqual({
      stopId: c.stop.id,
      request,
      photos: c.recording === 'without_code' || condition ? c.photos : [],
      idempotencyKey: c.submissionKey,
      report: expect.any(Function),
    });
    // The crew never sends a code that is not four digits, nor a handover without name and photo.
    if (c.recording === 'with_code') expect(c.code).toMatch(/^\d{4}$/);
    if (c.recording === 'without_code') expect(c.photos.length).toBeGreaterThan(0);
  },
  check: (actual, _expected, event, before) => {
    const done = effects.take();
    const now = actual.context;
    const was = before.context;
    const state = statePath(actual.value);
    const payload = event as EventObject & { output?: unknown; error?: ApiError };
    // What was typed survives every failure: only a saved action or a fresh start clears it.
    if (!event.type.startsWith('xstate.done.actor.sendEvent') && event.type !== 'code.change')
      expect(now.code === was.code || now.code === '').toBe(true);
    if (event.type !== 'receiverName.change' && !['idle', 'done'].includes(state))
      expect(now.receiverName).toBe(was.receiverName);
    // A locked code is never asked for again.
    if (now.codeLocked) expect(state.startsWith('delivering')).toBe(false);
    switch (event.type) {
      case 'code.change':
        expect(now.code).toBe(
          (payload as unknown as { value: string }).value === '12' ? '12' : '1234',
        );
        expect(now.errors.code).toBeUndefined();
        break;
      case 'submit':
        // While a photo is made smaller, the delivery waits for it.
        if (statePath(before.value) === 'delivering.shrinking') {
          expect(state).toBe('delivering.shrinking');
          expect(now.errors).toEqual(was.errors);
        } else if (statePath(before.value).startsWith('delivering') && was.code.length !== 4)
          expect(now.errors).toEqual({ code: [CODE_MESSAGE] });
        if (statePath(before.value) === 'withoutCode.choosing' && state !== 'locating') {
          expect(now.errors.receiver_name ?? []).toEqual(
            was.receiverName ? [] : [RECEIVER_NAME_MESSAGE],
          );
          expect(now.errors.photos ?? []).toEqual(was.photos.length ? [] : [PROOF_PHOTO_MESSAGE]);
          expect(done).toEqual([['notifyErrors', { messages: Object.values(now.errors).flat() }]]);
        }
        // A loading's condition photos are optional: the form always sends.
        if (statePath(before.value) === 'loaded.choosing') expect(state).toBe('locating');
        if (state === 'locating') expect(now.submissionKey).not.toBeNull();
        break;
      case 'xstate.done.actor.locate':
      case 'xstate.error.actor.locate':
      case `xstate.after.locateLimit.crewStop.locating`: {
        // No answer about the position (or not in time): the action goes without it.
        const position = event.type === 'xstate.done.actor.locate' ? payload.output : null;
        if (state === 'sending') expect(now.position).toEqual(position);
        expectDecided(actual, before, done, position);
        break;
      }
      case 'xstate.done.actor.shrink':
        expect(now.photos).toEqual([...was.photos, shrunk]);
        break;
      case 'xstate.error.actor.shrink':
        expect(now.errors.photos).toEqual([UNREADABLE_PHOTO]);
        expect(done).toEqual([['notifyErrors', { messages: [UNREADABLE_PHOTO] }]]);
        break;
      case 'xstate.done.actor.sendEvent': {
        const answer = payload.output as CrewStop;
        expect(now.stop).toEqual(answer);
        expect(done).toEqual([['saved', { stop: answer }]]);
        expect(state).toBe(['done', 'failed'].includes(answer.state) ? 'done' : 'idle');
        expect(now.submissionKey).toBeNull();
        break;
      }
      case 'xstate.error.actor.sendEvent': {
        const error = payload.error!;
        if (error === dropped && photosSent(was).length === 0) {
          // No answer, no photos: to the phone's queue with its key and time; the stop moves on.
          expectQueued(actual, before, done, was.position);
          break;
        }
        expect(done).toEqual([['notifyErrors', { messages: error.messages }]]);
        expect(now.messages).toEqual(error.messages);
        if (error === wrongCode) {
          // The server's words, with the tries left, at the code; the code stays typed.
          expect(state).toBe('delivering.codeWrong');
          expect(now.errors.code).toEqual([TRIES_LEFT]);
          expect(now.code).toBe(was.code);
        } else if (error.status === 409 || error.status === 423) {
          expect(state).toBe('withoutCode.choosing');
          expect(now.codeLocked).toBe(true);
          expect(actual.can({ type: 'code.back' })).toBe(false);
        } else if (error === refused) {
          expect(state).toBe('withoutCode.choosing');
          expect(now.errors).toEqual(refused.fields);
          expect(now.photos).toEqual(was.photos);
        } else if (error === photoRefused) {
          // A loading's photos refused: back at its form, the photos kept; a pickup has no form.
          expect(state).toBe(now.stop.kind === 'loading' ? 'loaded.choosing' : 'idle');
          expect(now.photos).toEqual(was.photos);
        } else {
          // A server error, or photos with no answer: the same request, key and time wait for Try again.
          expect(state).toBe('failed');
          expect(now.submissionKey).toBe(was.submissionKey);
          expect(now.takenAt).toBe(was.takenAt);
        }
        break;
      }
      case 'retry':
        expectDecided(actual, before, done, was.position);
        if (state !== 'idle' && state !== 'done') {
          expect(now.submissionKey).toBe(was.submissionKey);
          expect(now.takenAt).toBe(was.takenAt);
        }
        break;
      case 'cancel':
        if (statePath(before.value) === 'failed') {
          // Back to the form it came from, everything kept.
          expect(now.submissionKey).toBeNull();
          expect(now.takenAt).toBeNull();
          const typed = ({ code, receiverName, photos, reason, note }: typeof now) => ({
            code,
            receiverName,
            photos,
            reason,
            note,
          });
          if (state !== 'idle') expect(typed(now)).toEqual(typed(was));
        } else expect(state).toBe('idle');
        break;
      case 'stop.onTheWay':
      case 'stop.arrived':
        // Offered only where the stop's state allows it.
        expect(state).toBe(before.can(event) ? 'locating' : 'idle');
        if (state === 'locating') expect(now.takenAt).not.toBeNull();
        break;
      case 'stop.seen':
        // The list's stop, whatever the phone showed: a finished stop set pending again opens.
        expect(now.stop).toEqual((payload as unknown as { stop: CrewStop }).stop);
        expect(state).toBe(['done', 'failed'].includes(now.stop.state) ? 'done' : 'idle');
        break;
      case 'stop.pickedUp':
        // At a move's loading, its form for the goods' condition photos first.
        expect(state).toBe(
          !before.can(event)
            ? 'idle'
            : now.stop.kind === 'loading'
              ? 'loaded.choosing'
              : 'locating',
        );
        break;
    }
  },
});

type Snapshot = Parameters<NonNullable<Parameters<typeof graphSuite>[1]['check']>>[0];

/**
 * Where an action goes once the position is known (or given up), or on Try again: without network
 * (the offline stop) to the queue, or held in `failed` when photos go with it; else sent.
 */
function expectDecided(actual: Snapshot, before: Snapshot, done: unknown[], position: unknown) {
  const state = statePath(actual.value);
  const offline = before.context.stop.id === OFFLINE_STOP;
  if (!offline) {
    expect(state).toBe('sending');
    expect(done).toEqual([]);
  } else if (photosSent(before.context).length > 0) {
    expect(state).toBe('failed');
    expect(actual.context.messages).toEqual([PHOTOS_NEED_NETWORK]);
    expect(done).toEqual([['notifyErrors', { messages: [PHOTOS_NEED_NETWORK] }]]);
    expect(actual.context.photos).toEqual(before.context.photos);
  } else expectQueued(actual, before, done, position);
}

/** Queued: the action as it will go, with its key and time; the stop shows what it leads to. */
function expectQueued(actual: Snapshot, before: Snapshot, done: unknown[], position: unknown) {
  const was = before.context;
  const now = actual.context;
  const type = typeOf(was.recording!);
  const [[name, { action }]] = done as [[string, { action: QueuedAction }]];
  expect(done).toHaveLength(1);
  expect(name).toBe('enqueue');
  expect(action.key).toBe(was.submissionKey);
  expect(action.stopId).toBe(was.stop.id);
  expect(action.request).toMatchObject({ type, taken_at: was.takenAt, ...(position ?? {}) });
  expect(action.request.taken_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
  expect(now.stop).toEqual({ ...was.stop, state: stopStateAfter[type] });
  expect(statePath(actual.value)).toBe(
    ['done', 'failed'].includes(stopStateAfter[type]) ? 'done' : 'idle',
  );
  expect([now.submissionKey, now.takenAt, now.recording]).toEqual([null, null, null]);
}

it('keeps at most three photos of a handover', async () => {
  const actor = createActor(
    machine.provide({
      actors: { shrink: fromPromise<File, ShrinkCall>(async () => shrunk) },
    }),
    { input: inputOf(stopOf('s9', { state: 'arrived', code_locked: true })) },
  ).start();
  actor.send({ type: 'delivery.start' });
  for (let photo = 0; photo < 4; photo++) {
    actor.send({ type: 'photo.pick', file: chosen });
    await waitFor(actor, (snapshot) => snapshot.matches({ withoutCode: 'choosing' }));
  }
  expect(actor.getSnapshot().context.photos).toEqual([shrunk, shrunk, shrunk]);
});

it('takes condition photos with an unloading’s code, and none with a drop-off’s', async () => {
  const provided = crewStopMachine.provide({
    actors: { shrink: fromPromise<File, ShrinkCall>(async () => shrunk) },
  });
  const unloading = createActor(provided, {
    input: inputOf(stopOf('s7', { kind: 'unloading', state: 'arrived' })),
  }).start();
  unloading.send({ type: 'delivery.start' });
  for (let photo = 0; photo < 4; photo++) {
    unloading.send({ type: 'photo.pick', file: chosen });
    await waitFor(unloading, (snapshot) => snapshot.matches({ delivering: 'enteringCode' }));
  }
  expect(unloading.getSnapshot().context.photos).toEqual([shrunk, shrunk, shrunk]);

  const dropoff = createActor(provided, {
    input: inputOf(stopOf('s8', { state: 'arrived' })),
  }).start();
  dropoff.send({ type: 'delivery.start' });
  expect(dropoff.getSnapshot().can({ type: 'photo.pick', file: chosen })).toBe(false);
});
