/**
 * The graph paths of a quote machine (src/machines/quoteSteps.ts) through its page, against the
 * real server: Next, Back and Submit by their names, fields by their labels, files through the
 * picker; the server answers through a gate (./heldApi.ts) so the busy label is seen, and a
 * failure is a dropped connection. The page starts from a draft holding the graph's input values.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GENERIC_ERROR, QUOTE_ERROR } from '../../../src/api/contract';
import { ApiError } from '../../../src/api/errors';
import { drafts, type StoredSession } from '../../../src/api/storage';
import { stepErrors, stepOf } from '../../../src/machines/quoteSteps';
import { PNG } from '../api';
import type { Change, QuoteGraphOptions } from '../graph/quoteGraph';
import { submissionKeys } from '../graph/graph';
import type { TestServer } from '../server';
import { startWithMember, toast } from './page';
import { graphViewSuite } from './graphView';
import { startHeldApi, type HeldApi } from './heldApi';
import { button, fill, input, main, nodeFile } from './quoteDriver';
import { renderApp } from './render';

/** The machine suite's options (tests/support/graph/quoteGraph.ts), and where the page shows each part. */
export interface QuoteGraphViewOptions extends Omit<QuoteGraphOptions, 'files'> {
  path: string;
  title: string;
  /** The level-2 heading of each step. */
  headings: Record<string, string>;
  /** The form's own files (the 3-step form's): the step with the picker and how it is named. */
  media?: {
    step: string;
    /** Where the machine keeps the file messages (`files` or `file`). */
    field: string;
    /** The picker's drop zone, which the file messages describe. */
    label: RegExp;
    /** What the page says about a file of the wrong type, and how a user gets one past the picker. */
    rejected: string[];
    pickWrongFile: (picker: HTMLInputElement) => unknown;
    /** The names of the chosen files as the page shows them. */
    shownFiles: () => string[];
    removeFirstFile: (user: ReturnType<typeof userEvent.setup>) => Promise<unknown>;
  };
  /**
   * A quote whose connection dropped: what the form hears, and what the person does after the
   * drop for the form to hear it. By default the call fails at once with the client's messages.
   */
  dropped?: {
    error: ApiError;
    then: (user: ReturnType<typeof userEvent.setup>) => Promise<unknown>;
  };
  /** What the page shows while the quote is being sent, beside the busy Submit. */
  expectSending?: () => void;
  /** What else a step shows, by step name. */
  expectOnStep?: Record<string, () => void>;
  successMessage: string;
  /** Where the page goes after the success, and what it shows until then. */
  leavesTo: string;
  expectSuccess: () => void;
  limit?: number;
}

const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
/** The photo picker, once loaded: it loads when its step is first shown. */
const picker = () =>
  waitFor(() => {
    const found = screen.getByRole('main').querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('The photo picker has not loaded yet.');
    return found;
  });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The element a field's messages describe. */
function described(name: string) {
  if (name === 'Services') return main().getByRole('group', { name: /Services/ });
  if (name === 'terms') return main().getByRole('checkbox', { name: /I accept the terms/ });
  return input(name);
}

function expectMessages(element: HTMLElement, messages: string[] = []) {
  if (messages.length)
    for (const message of messages)
      expect(element).toHaveAccessibleDescription(new RegExp(escape(message)));
  else expect(element).not.toHaveAttribute('aria-invalid', 'true');
}

export function quoteGraphViewSuite(name: string, options: QuoteGraphViewOptions) {
  const { machine, steps, values, changes, media } = options;
  let server: TestServer;
  let api: HeldApi;
  let member: StoredSession;
  beforeAll(async () => {
    ({ server, member } = await startWithMember());
    api = await startHeldApi(server.apiUrl);
    // jsdom has no object URLs; the image picker only needs one for its preview.
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
  });
  afterAll(async () => {
    await api?.close();
    await server?.close();
  });
  vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

  const draft = options.path.slice(1);
  const file = nodeFile(PNG, 'kitchen.png', 'image/png');
  let picked = 0;
  const ready = (snapshot: AnyMachineSnapshot) =>
    snapshot.matches('editing')
      ? Object.keys(stepErrors(steps, stepOf(steps, snapshot.value).index, snapshot.context.values))
          .length === 0
      : null;

  async function open() {
    drafts.save(draft, { values });
    const app = renderApp(options.path, { apiUrl: api.apiUrl, session: member });
    await screen.findByRole('heading', { level: 1, name: options.title }, { timeout: 10_000 });
    return app;
  }
  type Page = Awaited<ReturnType<typeof open>>;

  async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
    switch (event.type) {
      case 'field.change': {
        const { name, value } = event as unknown as Change;
        return fill(page.user, { [name]: value });
      }
      case 'step.next':
        return page.user.click(button('Next'));
      case 'step.back':
        return page.user.click(button('Back'));
      case 'submit':
        if (isAnswer(next)) api.hold();
        return page.user.click(button('Submit'));
      case 'files.add':
        // Another photo each time: a browser's picker sends no change for the same file again.
        return page.user.upload(
          await picker(),
          nodeFile(PNG, `photo-${++picked}.png`, 'image/png'),
        );
      case 'files.reject':
        return media!.pickWrongFile(await picker());
      case 'files.remove':
        return media!.removeFirstFile(page.user);
      case 'xstate.done.actor.submit':
        return api.release();
      case 'xstate.error.actor.submit':
        await api.fail();
        return options.dropped?.then(page.user);
      // xstate.after.redirectDelay: the page waits its real 3 s; the check waits with it.
    }
  }

  async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
    if (expected.matches('done')) {
      await waitFor(() => expect(page.location().pathname).toBe(options.leavesTo), {
        timeout: 5000,
      });
      return;
    }
    if (expected.matches('succeeded')) {
      await toast(options.successMessage);
      await waitFor(options.expectSuccess);
      return;
    }
    if (expected.matches('submitting')) {
      expect(await main().findByRole('button', { name: 'Submitting...' })).toBeDisabled();
      if (options.expectSending) await waitFor(options.expectSending);
      return;
    }
    const { context } = expected;
    const step = stepOf(steps, expected.value);
    if (event.type === 'submit' || event.type === 'step.next' || isAnswer(event))
      for (const message of context.messages) await toast(message);
    await waitFor(() => {
      expect(
        main().getByRole('heading', { level: 2, name: options.headings[step.name] }),
      ).toBeInTheDocument();
      expect(
        main().getByRole('button', { name: step.index === step.count - 1 ? 'Submit' : 'Next' }),
      ).toBeEnabled();
      if (step.index > 0) expect(button('Back')).toBeEnabled();
      else expect(main().queryByRole('button', { name: 'Back' })).toBeNull();
      const shown = main().queryByText('Please check the following:');
      if (context.messages.length)
        for (const message of context.messages)
          expect(shown!.parentElement).toHaveTextContent(message);
      else expect(shown).toBeNull();
      const schema = steps[step.index]!.schema as { shape?: Record<string, unknown> } | undefined;
      for (const field of Object.keys(schema?.shape ?? {})) {
        expectMessages(described(field), context.errors[field]);
        if (field === 'terms')
          expect(described(field)).toHaveProperty('checked', context.values.terms === true);
        else if (field !== 'Services')
          expect(input(field)).toHaveProperty('value', String(context.values[field] ?? ''));
      }
      options.expectOnStep?.[step.name]?.();
      if (step.name === media?.step) {
        expect(media.shownFiles()).toHaveLength(context.files.length);
        const messages: string[] = context.errors[media.field] ?? [];
        if (messages.length)
          expect(main().getByRole('button', { name: media.label })).toHaveAccessibleDescription(
            new RegExp(escape(messages.join(' '))),
          );
      }
    });
  }

  return graphViewSuite(name, {
    machine,
    input: { values, redirectDelay: 3000, newSubmissionKey: submissionKeys() },
    events: (snapshot) => [
      ...(changes[stepOf(steps, snapshot.value).name] ?? []).map((change) => ({
        type: 'field.change',
        ...change,
      })),
      ...(media
        ? [
            { type: 'files.add', files: [file] },
            { type: 'files.reject', messages: media.rejected },
            { type: 'files.remove', index: 0 },
          ]
        : []),
      {
        type: 'xstate.done.actor.submit',
        output: { message: options.successMessage, data: { reference_number: 'RL-ABCDEFGH23' } },
      },
      // What a dropped connection becomes (src/api/errors.ts), or what the page makes of it.
      {
        type: 'xstate.error.actor.submit',
        error: options.dropped?.error ?? new ApiError([GENERIC_ERROR, QUOTE_ERROR], {}, null),
      },
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        ready: ready(snapshot),
        shown: snapshot.context.messages.length > 0,
        files: Math.min(snapshot.context.files.length, 2),
      }),
    offered: (event, state) => {
      const onMediaStep = stepOf(steps, state.value).name === media?.step;
      if (event.type === 'field.change') {
        // A field of this step, set to something else: typing what is already there changes nothing.
        const { name, value } = event as Partial<Change>;
        return name !== undefined && state.context.values[name] !== value;
      }
      // The picker and the chosen files are on one step only; a file is removed by its button.
      if (event.type.startsWith('files.'))
        return onMediaStep && (event.type !== 'files.remove' || state.context.files.length > 0);
      return true;
    },
    limit: options.limit,
    unreachable: {
      [`${machine.id}.submitting --xstate.error.actor.submit [wasRefused]--> ${machine.id}.editing.${steps.at(-1)!.name}`]:
        'the real server accepts every complete quote these paths send; a refused quote goes through the page in tests/e2e/quotes.test.ts, and the key after a refusal is checked in the machine tests',
    },
    open,
    perform,
    check,
    cleanup: () => api.releaseAll(),
  });
}
