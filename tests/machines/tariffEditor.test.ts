import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StaffTariff } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { tariffEditorMachine } from '../../src/machines/tariffEditorMachine';
import { editorTariff } from '../support/fixtures/tariffs';
import { graphSuite, recordEffects } from '../support/graph/graph';

const read = editorTariff;
const raised = { ...read, per_floor_kobo: 800_000 };
const negative = { ...read, per_floor_kobo: -1 };
const newerTariff = { ...read, version: 5, saved_by: 'Bola', deliver_now_surcharge_kobo: 200_000 };
const conflict = new ApiError(['Someone saved the prices meanwhile.'], {}, 409, {
  message: 'Someone saved',
  data: newerTariff,
});
/** A 409 without the newer version (e.g. a proxy's): not a conflict to resolve, only a failure. */
const bare409 = new ApiError(['Someone saved the prices meanwhile.'], {}, 409);
const effects = recordEffects(['notifyErrors', 'notifySaved']);
const refused = new ApiError(
  ['Prices cannot be negative.'],
  { per_floor_kobo: ['Prices cannot be negative.'] },
  422,
);

graphSuite('tariffEditor', {
  machine: tariffEditorMachine,
  events: [
    { type: 'xstate.done.actor.loadTariff', output: read },
    {
      type: 'xstate.error.actor.loadTariff',
      error: new ApiError(['An error occurred. Please try again.']),
    },
    { type: 'tariff.edit', draft: raised },
    { type: 'tariff.edit', draft: negative },
    { type: 'xstate.done.actor.saveTariff', output: { ...raised, version: 5 } },
    { type: 'xstate.error.actor.saveTariff', error: conflict },
    { type: 'xstate.error.actor.saveTariff', error: refused },
    { type: 'xstate.error.actor.saveTariff', error: bare409 },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      version: snapshot.context.draft?.version,
      floor: snapshot.context.draft?.per_floor_kobo,
      newer: snapshot.context.newer?.version,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: effects.actions },
  // Loading, a failed load to retry, the editor, saving, and the conflict with a newer version.
  states: { loading: ['busy'], loadFailed: [], editing: [], saving: ['busy'], conflict: [] },
  offers: {
    loading: [],
    loadFailed: ['retry'],
    editing: ['tariff.edit', 'save'],
    saving: [],
    conflict: ['tariff.edit', 'conflict.takeNewer', 'conflict.keepMine'],
  },
  checkInput: (id, input, snapshot) => {
    if (id === 'saveTariff') expect(input).toEqual(snapshot.context.draft);
  },
  check: (actual, _expected, event, before) => {
    const { draft, newer, errors, savedVersion } = actual.context;
    const was = before.context;
    const done = effects.take();
    const saved = (event as { output?: StaffTariff }).output;
    switch (event.type) {
      case 'xstate.done.actor.loadTariff':
        expect(actual.value).toBe('editing');
        expect(draft).toEqual(read);
        break;
      case 'xstate.error.actor.loadTariff':
        expect(actual.value).toBe('loadFailed');
        expect(draft).toBeNull();
        break;
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
      case 'tariff.edit':
        expect(actual.value).toBe(before.value);
        expect(draft).toEqual((event as unknown as { draft: StaffTariff }).draft);
        // Typing clears the editor's messages; in a conflict the newer version stays shown.
        expect(errors).toEqual(before.matches('conflict') ? was.errors : {});
        expect(newer).toEqual(was.newer);
        break;
      case 'save':
        if (was.draft!.per_floor_kobo < 0) {
          // Checked in the browser: the message at its field and a toast, nothing sent.
          expect(actual.value).toBe('editing');
          expect(errors).toEqual({ per_floor_kobo: ['Prices cannot be negative.'] });
          expect(done).toEqual([['notifyErrors', { messages: ['Prices cannot be negative.'] }]]);
        } else {
          expect(actual.value).toBe('saving');
          expect(done).toEqual([]);
        }
        break;
      case 'xstate.done.actor.saveTariff':
        expect(actual.value).toBe('editing');
        expect(draft).toEqual(saved);
        expect(savedVersion).toBe(saved!.version);
        expect(errors).toEqual({});
        expect(done).toEqual([['notifySaved', { version: saved!.version }]]);
        break;
      case 'xstate.error.actor.saveTariff': {
        const { error } = event as unknown as { error: ApiError };
        if (error === conflict) {
          expect(actual.value).toBe('conflict');
          expect(newer).toEqual(newerTariff);
          expect(draft).toEqual(was.draft);
          expect(done).toEqual([]);
        } else {
          // Refused, or a 409 that carries no newer version: the editor again, with the reasons.
          expect(actual.value).toBe('editing');
          expect(errors).toEqual(error.fields);
          expect(done).toEqual([['notifyErrors', { messages: error.messages }]]);
        }
        break;
      }
      case 'conflict.takeNewer':
        expect(actual.value).toBe('editing');
        expect(draft).toEqual(was.newer);
        expect(newer).toBeNull();
        break;
      case 'conflict.keepMine':
        expect(actual.value).toBe('editing');
        expect(draft).toEqual({ ...was.draft, version: was.newer!.version });
        expect(newer).toBeNull();
        break;
    }
  },
});

it('starts with nothing loaded', () => {
  expect(createActor(tariffEditorMachine).getSnapshot().context).toEqual({
    draft: null,
    newer: null,
    errors: {},
    savedVersion: null,
  });
});

it('a conflict keeps what was typed and shows the newer version; keeping mine saves it over that version', async () => {
  const saves: StaffTariff[] = [];
  const actor = createActor(
    tariffEditorMachine.provide({
      actors: {
        loadTariff: fromPromise(async () => read),
        saveTariff: fromPromise(async ({ input }) => {
          saves.push(input);
          if (input.version === 4) throw conflict;
          return { ...input, version: input.version + 1 };
        }),
      },
    }),
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
  actor.send({ type: 'tariff.edit', draft: raised });
  actor.send({ type: 'save' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('conflict'));
  expect(actor.getSnapshot().context.draft?.per_floor_kobo).toBe(800_000);
  expect(actor.getSnapshot().context.newer?.version).toBe(5);
  actor.send({ type: 'conflict.keepMine' });
  actor.send({ type: 'save' });
  await vi.waitFor(() => expect(actor.getSnapshot().context.savedVersion).toBe(6));
  expect(saves.map((save) => save.version)).toEqual([4, 5]);
  expect(actor.getSnapshot().context.draft?.per_floor_kobo).toBe(800_000);
});

it('a negative price never leaves the page: the message is at its field', () => {
  const actor = createActor(
    tariffEditorMachine.provide({ actors: { loadTariff: fromPromise(async () => read) } }),
  ).start();
  return vi
    .waitFor(() => expect(actor.getSnapshot().value).toBe('editing'))
    .then(() => {
      actor.send({ type: 'tariff.edit', draft: negative });
      actor.send({ type: 'save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.errors.per_floor_kobo).toEqual([
        'Prices cannot be negative.',
      ]);
    });
});
