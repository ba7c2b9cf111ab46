/**
 * /staff/prices (docs/prices.md): staff read the tariff, change it, and save it as a new
 * version. Saving checks it first (no negative price, every zone pair priced or "price on
 * request": the shared `tariffProblems`). When another staff member saved meanwhile, the server
 * answers 409 with the newer version: the editor shows it beside what was typed, which is kept,
 * and staff either take the newer one or save theirs over it.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { StaffTariff } from '../api/contract/prices';
import { isApiError } from '../api/errors';
import { tariffProblems } from '../api/pricing';
import { feedbackOf, type Errors } from './formFields';

export interface TariffEditorContext {
  /** What staff are editing (with the version it was read at). */
  draft: StaffTariff | null;
  /** The newer version another save made, while a conflict is shown. */
  newer: StaffTariff | null;
  errors: Errors;
  /** The version saved last by this editor, for the confirmation. */
  savedVersion: number | null;
}

export type TariffEditorEvent =
  | { type: 'tariff.edit'; draft: StaffTariff }
  | { type: 'save' }
  | { type: 'conflict.takeNewer' }
  | { type: 'conflict.keepMine' }
  | { type: 'retry' };

const isConflict = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.current !== null;
const newerOf = (error: unknown) => (error as { current: { data: StaffTariff } }).current.data;
const asErrors = (problems: Record<string, string>): Errors =>
  Object.fromEntries(Object.entries(problems).map(([key, message]) => [key, [message]]));

export const tariffEditorMachine = setup({
  types: {
    context: {} as TariffEditorContext,
    events: {} as TariffEditorEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadTariff: providedByView<StaffTariff>('loadTariff'),
    saveTariff: providedByView<StaffTariff, StaffTariff>('saveTariff'),
  },
  actions: {
    notifyErrors: (_, _feedback: { messages: string[] }) => {},
    notifySaved: (_, _saved: { version: number }) => {},
  },
  guards: {
    hasProblems: ({ context }) =>
      context.draft === null || Object.keys(tariffProblems(context.draft)).length > 0,
    isConflict: (_, { error }: { error: unknown }) => isConflict(error),
  },
}).createMachine({
  id: 'tariffEditor',
  context: { draft: null, newer: null, errors: {}, savedVersion: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTariff',
        src: 'loadTariff',
        onDone: { target: 'editing', actions: assign({ draft: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    editing: {
      on: {
        'tariff.edit': { actions: assign({ draft: ({ event }) => event.draft, errors: {} }) },
        save: [
          {
            guard: 'hasProblems',
            actions: [
              assign({
                errors: ({ context }) =>
                  asErrors(context.draft ? tariffProblems(context.draft) : {}),
              }),
              {
                type: 'notifyErrors',
                params: ({ context }) => ({
                  messages: [...new Set(Object.values(context.errors).flat())],
                }),
              },
            ],
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveTariff',
        src: 'saveTariff',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'editing',
          actions: [
            assign({
              draft: ({ event }) => event.output,
              savedVersion: ({ event }) => event.output.version,
              errors: {},
            }),
            { type: 'notifySaved', params: ({ event }) => ({ version: event.output.version }) },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isConflict',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
            target: 'conflict',
            actions: assign({ newer: ({ event }) => newerOf(event.error) }),
          },
          {
            target: 'editing',
            actions: [
              assign({ errors: ({ event }) => feedbackOf(event.error).errors }),
              {
                type: 'notifyErrors',
                params: ({ event }) => ({ messages: feedbackOf(event.error).messages }),
              },
            ],
          },
        ],
      },
    },
    conflict: {
      on: {
        'tariff.edit': { actions: assign({ draft: ({ event }) => event.draft }) },
        'conflict.takeNewer': {
          target: 'editing',
          actions: assign({ draft: ({ context }) => context.newer, newer: null }),
        },
        // Saving what was typed over the newer version: it becomes the version the draft was read at.
        'conflict.keepMine': {
          target: 'editing',
          actions: assign({
            draft: ({ context }) => ({ ...context.draft!, version: context.newer!.version }),
            newer: null,
          }),
        },
      },
    },
  },
});
