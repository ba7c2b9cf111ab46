import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StaffTariff } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { tariffEditorMachine } from '../../src/machines/tariffEditorMachine';
import { graphSuite } from './graph';

const read: StaffTariff = {
  version: 4,
  saved_at: '2026-11-20T10:00:00.000Z',
  saved_by: 'Ada',
  zones: [{ id: 'lagos', name: 'Lagos', places: ['Lagos'] }],
  routes: [{ from: 'lagos', to: 'lagos', amount_kobo: 300_000 }],
  deliver_now_surcharge_kobo: 150_000,
  extra_receiver_kobo: 100_000,
  move_route_factor: 20,
  apartment_kobo: { Studio: 6_000_000 },
  per_room_kobo: 2_500_000,
  per_floor_kobo: 750_000,
  service_kobo: {
    packing_and_loading: 4_000_000,
    unpacking_and_arranging: 3_500_000,
    just_moving: 0,
  },
  band_low_percent: 90,
  band_high_percent: 110,
};
const raised = { ...read, per_floor_kobo: 800_000 };
const negative = { ...read, per_floor_kobo: -1 };
const newer = { ...read, version: 5, saved_by: 'Bola', deliver_now_surcharge_kobo: 200_000 };
const conflict = new ApiError(['Someone saved the prices meanwhile.'], {}, 409, {
  message: 'Someone saved',
  data: newer,
});
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
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      version: snapshot.context.draft?.version,
      floor: snapshot.context.draft?.per_floor_kobo,
      newer: snapshot.context.newer?.version,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: { notifyErrors: vi.fn(), notifySaved: vi.fn() } },
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
