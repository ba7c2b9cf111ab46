/**
 * The tariff editor (/staff/prices): the paths of tariffEditorMachine's graph through the page,
 * signed in as staff, against the real server behind the gate (./heldApi.ts). The graph's edits
 * are typed into "per floor" (a raise, or a negative price the page refuses before sending); a
 * save is the server's new version; a conflict is real: another staff member saves a version
 * (a different per floor) before the held save goes on, and the server answers 409 with it; a
 * failed save is a dropped connection; a failed load the gate answering 403 with the server's
 * words for someone no longer staff.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, type StaffTariff } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { tariffEditorMachine } from '../../src/machines/tariffEditorMachine';
import { STAFF_ONLY_MESSAGE } from '../../server/accounts/auth';
import { call, get, type Customer } from '../support/api';
import type { TestServer } from '../support/server';
import { editorTariff } from '../support/fixtures/tariffs';
import { signUpStaff } from '../support/staff';
import { field, toast } from '../support/view/page';
import { graphViewSuite } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp, sessionOf } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let staff: Customer;
/** The other staff member, who saves meanwhile. */
let other: Customer;
let held: HeldServer<{ staff: true }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: true });
  ({ server, api, staff } = held);
  other = await signUpStaff(server);
});
afterAll(() => held.close());

/** The graph's tariffs (as in the machine's suite): only "per floor" differs. */
const read = editorTariff;
const raised = { ...read, per_floor_kobo: 800_000 };
const negative = { ...read, per_floor_kobo: -100 };
const newerTariff = { ...read, version: 5, per_floor_kobo: 900_000 };
const conflict = new ApiError(['Someone saved the prices meanwhile.'], {}, 409, {
  message: 'Someone saved',
  data: newerTariff,
});
const offline = new ApiError([GENERIC_ERROR]);
const forbidden = new ApiError([STAFF_ONLY_MESSAGE], {}, 403);
const NEGATIVE = 'Prices cannot be negative.';
const FLOOR = 'Move: per floor above the ground, each end, in naira';
/** The tariff's own calls (the bar's call for the name passes the gate). */
const PRICES = /\/staff\/prices/;

const main = () => within(screen.getByRole('main'));
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const naira = (kobo: number) => String(kobo / 100);
const tariffNow = async () =>
  (await get(server, 'staff/prices', staff.token)).body.data as StaffTariff;

async function open() {
  api.hold(PRICES);
  const app = renderApp('/staff/prices', {
    apiUrl: api.apiUrl,
    session: { ...sessionOf(staff), role: 'staff' },
  });
  await screen.findByRole('heading', { level: 1, name: 'Prices' }, { timeout: 10_000 });
  return {
    ...app,
    /** What the page must show: the version edited, "per floor" as typed, the newer version. */
    version: 0,
    floor: '',
    newer: null as StaffTariff | null,
    /** Whether a call is held at the gate (let go after the path). */
    held: true,
  };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  const click = (name: string) => page.user.click(main().getByRole('button', { name }));
  const held = (act: () => Promise<unknown>) => {
    api.hold(PRICES);
    page.held = true;
    return act();
  };
  if (isAnswer(event)) page.held = false;
  switch (event.type) {
    case 'xstate.done.actor.loadTariff': {
      const now = await tariffNow();
      [page.version, page.floor] = [now.version, naira(now.per_floor_kobo)];
      return api.release();
    }
    case 'xstate.error.actor.loadTariff':
      return api.answer(403, { message: STAFF_ONLY_MESSAGE });
    case 'retry':
      return held(() => click('Try again'));
    case 'tariff.edit': {
      const { draft } = event as unknown as { draft: StaffTariff };
      page.floor = naira(draft.per_floor_kobo);
      await page.user.clear(field(FLOOR));
      return page.user.type(field(FLOOR), page.floor);
    }
    case 'save':
      if (isAnswer(next)) return held(() => click('Save as a new version'));
      return click('Save as a new version');
    case 'xstate.done.actor.saveTariff':
      page.version += 1;
      return api.release();
    case 'xstate.error.actor.saveTariff': {
      const { error } = event as unknown as { error: ApiError };
      if (error.status !== 409) return api.fail();
      // Another staff member saves over the version being edited; then the server sees this save.
      const { saved_at: _at, saved_by: _by, ...theirs } = await tariffNow();
      const saved = await call(
        server,
        'PUT',
        'staff/prices',
        { ...theirs, per_floor_kobo: newerTariff.per_floor_kobo },
        other.token,
      );
      page.newer = saved.body.data as StaffTariff;
      return api.release();
    }
    case 'conflict.takeNewer':
      [page.version, page.floor] = [page.newer!.version, naira(page.newer!.per_floor_kobo)];
      page.newer = null;
      return click(`Use version ${page.version}`);
    case 'conflict.keepMine':
      page.version = page.newer!.version;
      page.newer = null;
      return click('Keep my changes (then save)');
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { errors } = expected.context as { errors: Record<string, string[]> };
  if (event.type === 'xstate.done.actor.saveTariff')
    await toast(`Prices saved as version ${page.version}. New bookings are priced with it.`);
  if (event.type === 'xstate.error.actor.saveTariff' && expected.matches('editing'))
    await toast(GENERIC_ERROR);
  if (event.type === 'save' && expected.matches('editing')) await toast(NEGATIVE);
  await waitFor(
    () => {
      const status = main().queryByRole('status');
      if (expected.matches('loading')) {
        expect(status).toHaveTextContent('Loading the prices…');
        expect(main().queryByRole('textbox')).toBeNull();
        return;
      }
      expect(status).toBeNull();
      if (expected.matches('loadFailed')) {
        const alert = main().getByRole('alert');
        expect(alert).toHaveTextContent('The prices could not be loaded.');
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(main().queryByRole('textbox')).toBeNull();
        return;
      }
      expect(main().getByText(/^Editing version/)).toHaveTextContent(
        `Editing version ${page.version}, saved`,
      );
      expect(field(FLOOR)).toHaveValue(page.floor);
      const saving = expected.matches('saving');
      const save = main().getByRole('button', {
        name: saving ? 'Saving…' : 'Save as a new version',
      });
      if (saving) {
        expect(save).toBeDisabled();
        expect(field(FLOOR)).toBeDisabled();
      } else expect(field(FLOOR)).toBeEnabled();
      const alert = main().queryByRole('alert');
      if (expected.matches('conflict')) {
        expect(alert).toHaveTextContent(
          `saved version ${page.newer!.version} while you were editing. Your changes are kept below.`,
        );
        expect(save).toBeDisabled();
        expect(
          within(alert!).getByRole('button', { name: 'Keep my changes (then save)' }),
        ).toBeEnabled();
        expect(
          within(alert!).getByRole('button', { name: `Use version ${page.newer!.version}` }),
        ).toBeEnabled();
      } else {
        expect(alert).toBeNull();
        if (!saving) expect(save).toBeEnabled();
      }
      if (errors.per_floor_kobo) {
        expect(field(FLOOR)).toHaveAccessibleDescription(errors.per_floor_kobo.join(' '));
        expect(main().getByText('Check the fields marked above.')).toBeVisible();
      } else {
        expect(field(FLOOR)).not.toHaveAttribute('aria-invalid');
        expect(main().queryByText('Check the fields marked above.')).toBeNull();
      }
    },
    { timeout: 5000 },
  );
}

graphViewSuite('/staff/prices tariff editor', {
  machine: tariffEditorMachine,
  input: undefined as never,
  events: [
    { type: 'xstate.done.actor.loadTariff', output: read },
    { type: 'xstate.error.actor.loadTariff', error: forbidden },
    { type: 'tariff.edit', draft: raised },
    { type: 'tariff.edit', draft: negative },
    { type: 'xstate.done.actor.saveTariff', output: { ...raised, version: 5 } },
    { type: 'xstate.error.actor.saveTariff', error: conflict },
    { type: 'xstate.error.actor.saveTariff', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      version: snapshot.context.draft?.version,
      floor: snapshot.context.draft?.per_floor_kobo,
      newer: snapshot.context.newer?.version,
      errors: Object.keys(snapshot.context.errors),
    }),
  // A field is typed into only when it changes.
  offered: (event, state) =>
    event.type !== 'tariff.edit' ||
    (event as unknown as { draft: StaffTariff }).draft.per_floor_kobo !==
      (state.context as { draft: StaffTariff | null }).draft?.per_floor_kobo,
  limit: 8,
  afterCoverage: 0,
  shows: {
    'tariffEditor.loading': '"Loading the prices…", no fields',
    'tariffEditor.loadFailed': '"The prices could not be loaded." and "Try again"',
    'tariffEditor.editing':
      '"Editing version <n>, saved …", the fields as typed (a refused price\'s message at its field, "Check the fields marked above."), "Save as a new version"',
    'tariffEditor.saving': '"Saving…" disabled, the fields disabled',
    'tariffEditor.conflict':
      '"<name> saved version <n> while you were editing. Your changes are kept below.", "Keep my changes (then save)", "Use version <n>"; Save disabled',
  },
  open,
  perform,
  check,
  cleanup: async (page) => {
    if (page.held) await api.release();
    api.releaseAll();
  },
});
