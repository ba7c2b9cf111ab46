/**
 * The graph paths of a form made with createFormMachine (src/machines/formMachine.ts) through its
 * page, against the real server: fields by their labels, the submit button by its name, the
 * show-password box where the page has one. The path starts once the user has typed every field
 * but one valid (the machine's input); that field gets one passing and one failing value, as in
 * the machine's suite (tests/support/graph/formFlowSuite.ts).
 *
 * The server answers through a gate (./heldApi.ts), so the busy label is seen: a success is the
 * real server's answer, an unanswered call a dropped connection, and a refusal (4xx) the gate
 * answering with the page's refusal in the server's place, since the real server refuses only
 * data the path never types.
 *
 * What the page shows in each state of the form machine is the table `formPageShows`, which
 * `check` tests.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { z } from 'zod/mini';
import { ApiError } from '../../../src/api/errors';
import type { StoredSession } from '../../../src/api/storage';
import type { FormMachine, FormValues } from '../../../src/machines/formMachine';
import { refusedSubmit, submissionKeys, unansweredSubmit } from '../graph/graph';
import { signUp, type Customer } from '../api';
import { startTestServer, type TestServer } from '../server';
import { field as labelled, toast } from './page';
import { graphViewSuite, type GraphPath } from './graphView';
import { startHeldApi, type HeldApi } from './heldApi';
import { renderApp } from './render';

/** What one path's page needs from the real server: a session, and what to type for a sample. */
export interface Arranged {
  session?: StoredSession;
  /** What the user types for the graph's `sample` of field `name` (a real account's email…); default the sample. */
  typed?: (name: string, sample: string) => string;
}

export interface FormGraphViewOptions {
  machine: FormMachine;
  schema: z.ZodMiniType;
  path: string;
  /** The page's level-1 heading. */
  title: string;
  /** Each field's label, by the machine's field name, in the page's order. */
  labels: Record<string, string>;
  /** The values the path starts from: every field valid but `field` (typed by the user before the path starts). */
  values: FormValues;
  field: string;
  valid: string;
  invalid: string;
  /** The submit button's name, and its name while busy. */
  button: string;
  busyLabel: string;
  /** The show-password box's label, where the page has one, and the password fields it shows. */
  reveal?: { label: string; fields: string[] };
  successMessage: string;
  /** Where the page goes after the success. */
  leavesTo: string;
  redirectDelay?: number;
  /** What the real server answers on success (the machine's `result`). */
  output: unknown;
  /** A refusal the gate gives in the server's place: status, the body as the server writes it, and the ApiError the client makes of it. */
  refusal?: { status: number; body: unknown; error: ApiError };
  /** What the page makes of a call that got no answer (default: the client's network failure). */
  unanswered?: ApiError;
  /** Runs before each path against the real server: a fresh account, a booking… */
  arrange?: (server: TestServer, path: GraphPath) => Promise<Arranged>;
  limit?: number;
}

/** The expectation table of every form page (see graphView.ts, `shows`), by the form machine's states. */
const formPageShows = (id: string, options: FormGraphViewOptions) => ({
  [`${id}.editing`]: `every field holds what was typed and is described by its messages (none: not invalid); "${options.button}" is enabled; a submit or an answer toasts the messages${
    options.reveal
      ? `; the passwords show as text only while "${options.reveal.label}" is ticked`
      : ''
  }`,
  [`${id}.submitting`]: `the button says "${options.busyLabel}" and is disabled`,
  [`${id}.succeeded`]: `the toast "${options.successMessage}", and the button stays busy until the page leaves`,
  [`${id}.done`]: `the page has gone to ${options.leavesTo}`,
});

const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const main = () => within(screen.getByRole('main'));

export function formGraphViewSuite(name: string, options: FormGraphViewOptions) {
  const refusal = options.refusal ?? {
    status: 422,
    body: { message: refusedSubmit.error.messages[0] },
    error: refusedSubmit.error,
  };
  let server: TestServer;
  let api: HeldApi;
  beforeAll(async () => {
    server = await startTestServer();
    api = await startHeldApi(server.apiUrl);
  });
  afterAll(async () => {
    await api?.close();
    await server?.close();
  });
  vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

  async function open(path: GraphPath) {
    const arranged = (await options.arrange?.(server, path)) ?? {};
    const typed = (name: string, sample: unknown) =>
      (arranged.typed ?? ((_, text) => text))(name, String(sample ?? ''));
    const app = renderApp(options.path, { apiUrl: api.apiUrl, session: arranged.session });
    await screen.findByRole('heading', { level: 1, name: options.title }, { timeout: 10_000 });
    // What the user typed before the path starts: the machine's input.
    for (const [field, value] of Object.entries(options.values)) {
      const input = labelled(options.labels[field]!);
      await app.user.clear(input);
      if (value !== '') await app.user.type(input, typed(field, value));
    }
    return { ...app, typed };
  }
  type Page = Awaited<ReturnType<typeof open>>;

  async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
    switch (event.type) {
      case 'field.change': {
        const { name: field, value } = event as unknown as { name: string; value: string };
        const input = labelled(options.labels[field]!);
        await page.user.clear(input);
        if (value) await page.user.type(input, page.typed(field, value));
        return;
      }
      case 'reveal.toggle':
        return page.user.click(screen.getByLabelText(options.reveal!.label));
      case 'submit':
        if (isAnswer(next)) api.hold();
        return page.user.click(main().getByRole('button', { name: options.button }));
      case 'xstate.done.actor.submit':
        return api.release();
      case 'xstate.error.actor.submit': {
        const { error } = event as unknown as { error: ApiError };
        return error.status === null ? api.fail() : api.answer(refusal.status, refusal.body);
      }
      // xstate.after.redirectDelay: the page waits its real delay; the check waits with it.
    }
  }

  async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
    if (expected.matches('done')) {
      await waitFor(() => expect(page.location().pathname).toBe(options.leavesTo), {
        timeout: 5000,
      });
      return;
    }
    const busy = expected.hasTag('busy');
    if (expected.matches('succeeded')) await toast(options.successMessage);
    else if (event.type === 'submit' || isAnswer(event))
      for (const message of expected.context.messages as string[]) await toast(message);
    if (expected.matches('succeeded') && options.redirectDelay === 0) return; // already leaving
    const { values, errors, reveal } = expected.context as {
      values: FormValues;
      errors: Record<string, string[]>;
      reveal: boolean;
    };
    await waitFor(() => {
      const button = main().getByRole('button', {
        name: busy ? options.busyLabel : options.button,
      });
      if (busy) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
      for (const [field, label] of Object.entries(options.labels)) {
        const input = labelled(label);
        expect(input).toHaveProperty('value', page.typed(field, values[field]));
        const messages = errors[field] ?? [];
        if (messages.length)
          for (const message of messages)
            expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
        else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (options.reveal) {
        expect(screen.getByLabelText(options.reveal.label)).toHaveProperty('checked', reveal);
        for (const field of options.reveal.fields)
          expect(labelled(options.labels[field]!)).toHaveAttribute(
            'type',
            reveal ? 'text' : 'password',
          );
      }
    });
  }

  return graphViewSuite(name, {
    machine: options.machine,
    input: {
      values: options.values,
      redirectDelay: options.redirectDelay ?? 3000,
      newSubmissionKey: submissionKeys(),
    },
    events: [
      { type: 'field.change', name: options.field, value: options.valid },
      { type: 'field.change', name: options.field, value: options.invalid },
      { type: 'xstate.done.actor.submit', output: options.output },
      { type: 'xstate.error.actor.submit', error: refusal.error },
      options.unanswered
        ? { type: 'xstate.error.actor.submit', error: options.unanswered }
        : unansweredSubmit,
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        valid: options.schema.safeParse(snapshot.context.values).success,
        errors: Object.keys(snapshot.context.errors).sort(),
        reveal: snapshot.context.reveal,
      }),
    // The show-password box only where the page has one; typing what a field already holds changes nothing.
    offered: (event, state) => {
      if (event.type === 'reveal.toggle') return options.reveal !== undefined;
      if (event.type === 'field.change')
        return (
          (state.context.values as FormValues)[(event as { name?: string }).name ?? ''] !==
          (event as { value?: unknown }).value
        );
      return true;
    },
    // The fewest paths that cover every transition (graphView.ts), each state seen on the way.
    limit: options.limit ?? 10,
    shows: formPageShows(options.machine.id, options),
    unreachable: options.reveal
      ? {}
      : {
          [`${options.machine.id}.editing --reveal.toggle--> (stay)`]:
            'the page has no show-password box',
        },
    open,
    perform,
    check,
    cleanup: () => api.releaseAll(),
  });
}

/**
 * A signed-in member for a path: a fresh one when the path's submission succeeds (it changes or
 * deletes the account), else one shared by the suite's other paths (signing up takes a while).
 */
export function membersFor() {
  let shared: Promise<Customer> | undefined;
  /** Without a path: the shared member. */
  return (server: TestServer, path?: GraphPath) => {
    const succeeds =
      path?.steps.some((step) => step.event.type === 'xstate.done.actor.submit') ?? false;
    return succeeds ? signUp(server) : (shared ??= signUp(server));
  };
}
