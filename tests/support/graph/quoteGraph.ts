/**
 * The generated suite of a quote machine (src/machines/quoteSteps.ts): a state is identified by
 * where the machine is, whether the current step may move on, whether messages are shown and
 * how many files are chosen (at most 2 counted), so the graph stays finite; each step gets its
 * own payloads that break and fix it.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { z } from 'zod/mini';
import { QUOTE_ERROR, fieldErrors, quoteRequest } from '../../../src/api/contract';
import { ApiError, messagesOf } from '../../../src/api/errors';
import type { FormValues } from '../../../src/machines/formMachine';
import {
  createQuoteStepsMachine,
  stepErrors,
  stepOf,
  type QuoteStep,
} from '../../../src/machines/quoteSteps';
import { graphSuite, refusedSubmit, statePath, submissionKeys, unansweredSubmit } from './graph';

export type Change = { name: string; value: string | boolean };

export interface QuoteGraphOptions {
  machine: ReturnType<typeof createQuoteStepsMachine>;
  steps: readonly QuoteStep[];
  values: FormValues;
  /** Per step name: field changes that make it fail and pass (at least one of each). */
  changes: Record<string, Change[]>;
  /** The form's own files (the 3-step form's): a sample, where their messages go and how many are kept. */
  files?: { sample: File; field: string; max: number };
}

// What the person sees, written from docs/product.md rather than read from quoteSteps.ts.

const errorsUnder = (schema: z.ZodMiniType, value: unknown): Record<string, string[]> => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error);
};
/** The contract's fields of the values: the terms box stays behind. */
const wireOf = (values: FormValues) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => key in quoteRequest.shape));
/** A step's messages; the last step's include the whole quote's, each message once per field. */
function expectedStepErrors(steps: readonly QuoteStep[], index: number, values: FormValues) {
  const step = steps[index]!;
  const own = step.schema ? errorsUnder(step.schema, values) : {};
  if (index < steps.length - 1) return own;
  for (const [key, messages] of Object.entries(errorsUnder(quoteRequest, wireOf(values))))
    own[key] = [...new Set([...(own[key] ?? []), ...messages])];
  return own;
}
const withoutField = (errors: Record<string, string[]>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const refused = (error: unknown) =>
  error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;
const effectNames = ['notifySuccess', 'notifyErrors', 'saveDraft', 'clearDraft', 'leave'] as const;
const noCalls = Object.fromEntries(effectNames.map((name) => [name, []]));

type QuoteContext = {
  values: FormValues;
  files: File[];
  errors: Record<string, string[]>;
  messages: string[];
  result: unknown;
  redirectDelay: number;
  submissionKey: string | null;
};
function contextOf(snapshot: AnyMachineSnapshot): QuoteContext {
  const { newSubmissionKey: _factory, ...rest } = snapshot.context as Record<string, unknown>;
  return rest as QuoteContext;
}

export function quoteGraphSuite(
  name: string,
  { machine, steps, values, changes, files }: QuoteGraphOptions,
) {
  const stepNames = steps.map((step) => step.name);
  const last = stepNames.at(-1)!;
  const effects = Object.fromEntries(effectNames.map((effect) => [effect, vi.fn()]));
  const takeCalls = () => {
    const calls = Object.fromEntries(
      effectNames.map((effect) => [effect, effects[effect]!.mock.calls.map((call) => call[1])]),
    );
    effectNames.forEach((effect) => effects[effect]!.mockClear());
    return calls;
  };
  const draft = (context: QuoteContext, key: string | null) =>
    key ? { values: context.values, submissionKey: key } : { values: context.values };

  const check = (
    actual: AnyMachineSnapshot,
    _expected: AnyMachineSnapshot,
    event: EventObject,
    before: AnyMachineSnapshot,
  ) => {
    const calls = takeCalls();
    expect(actual.machine.id, 'the machine is named as its file says').toBe(machine.config.id);
    const was = contextOf(before);
    const now = contextOf(actual);
    expect(was.redirectDelay).toBe(3000);
    const from = statePath(before.value);
    const state = statePath(actual.value);
    const index = stepNames.indexOf(from.replace(/^editing\./, ''));
    const payload = event as EventObject & Record<string, unknown>;
    /** Next or Submit: on when the step passes, else its messages under the fields and as toasts. */
    const moveOn = (target: string) => {
      const errors = expectedStepErrors(steps, index, was.values);
      const messages = [...new Set(Object.values(errors).flat())];
      if (messages.length === 0) {
        expect(state, `${from} passes`).toBe(target);
        return true;
      }
      expect(state, `${from} stays`).toBe(from);
      expect(now).toEqual({ ...was, errors: { ...was.errors, ...errors }, messages });
      expect(calls).toEqual({ ...noCalls, notifyErrors: [{ messages }] });
      return false;
    };

    switch (event.type) {
      case 'field.change': {
        const name = payload.name as string;
        const values = { ...was.values, [name]: payload.value as FormValues[string] };
        expect(state).toBe(from);
        expect(now).toEqual({ ...was, values, errors: withoutField(was.errors, name) });
        expect(calls).toEqual({
          ...noCalls,
          saveDraft: [draft({ ...was, values }, was.submissionKey)],
        });
        return;
      }
      case 'files.add':
        if (!files) throw new Error('files.add taken by a form without files');
        expect(state).toBe(from);
        expect(now, `the newest ${files.max} files are kept`).toEqual({
          ...was,
          files: [...was.files, ...(payload.files as File[])].slice(-files.max),
          errors: withoutField(was.errors, files.field),
        });
        expect(calls).toEqual(noCalls);
        return;
      case 'files.reject': {
        if (!files) throw new Error('files.reject taken by a form without files');
        const messages = payload.messages as string[];
        expect(state).toBe(from);
        expect(now).toEqual({
          ...was,
          errors: { ...was.errors, [files.field]: messages },
          messages,
        });
        expect(calls).toEqual({ ...noCalls, notifyErrors: [{ messages }] });
        return;
      }
      case 'files.remove':
        if (!files) throw new Error('files.remove taken by a form without files');
        expect(state).toBe(from);
        expect(now).toEqual({
          ...was,
          files: was.files.filter((_, at) => at !== payload.index),
          errors: withoutField(was.errors, files.field),
        });
        expect(calls).toEqual(noCalls);
        return;
      case 'step.back':
        expect(state, 'Back never checks').toBe(`editing.${stepNames[index - 1]}`);
        expect(now).toEqual({ ...was, messages: [] });
        expect(calls).toEqual(noCalls);
        return;
      case 'step.next':
        if (moveOn(`editing.${stepNames[index + 1]}`)) {
          expect(now).toEqual({ ...was, messages: [] });
          expect(calls).toEqual(noCalls);
        }
        return;
      case 'submit':
        expect(index).toBe(stepNames.length - 1);
        if (moveOn('submitting')) {
          const key = now.submissionKey!;
          if (was.submissionKey) expect(key).toBe(was.submissionKey);
          else expect(key).toMatch(/^key-\d+$/);
          expect(now).toEqual({ ...was, messages: [], submissionKey: key });
          expect(calls).toEqual({ ...noCalls, saveDraft: [draft(was, key)] });
        }
        return;
      case 'xstate.done.actor.submit': {
        const result = payload.output;
        expect(state).toBe('succeeded');
        expect(now).toEqual({ ...was, result, errors: {}, messages: [], submissionKey: null });
        expect(calls).toEqual({ ...noCalls, clearDraft: [undefined], notifySuccess: [{ result }] });
        return;
      }
      case 'xstate.error.actor.submit': {
        const error = payload.error;
        const errors = error instanceof ApiError ? error.fields : {};
        const messages = messagesOf(error);
        expect(state, 'back to the last step with everything typed').toBe(`editing.${last}`);
        if (refused(error)) {
          expect(now).toEqual({ ...was, errors, messages, submissionKey: null });
          expect(calls).toEqual({
            ...noCalls,
            saveDraft: [draft(was, null)],
            notifyErrors: [{ messages }],
          });
        } else {
          expect(was.submissionKey).toEqual(expect.any(String));
          expect(now).toEqual({ ...was, errors, messages });
          expect(calls).toEqual({ ...noCalls, notifyErrors: [{ messages }] });
        }
        return;
      }
      default:
        if (event.type.startsWith('xstate.after.redirectDelay.')) {
          expect(state).toBe('done');
          expect(now).toEqual(was);
          expect(calls).toEqual({ ...noCalls, leave: [{ result: was.result }] });
          return;
        }
        throw new Error(`No expectation for ${event.type} in ${from}`);
    }
  };

  describe(`${name} starts`, () => {
    it('on its first step with the values given and nothing else', () => {
      const actor = createActor(machine, {
        input: { values, newSubmissionKey: vi.fn() },
      }).start();
      expect(statePath(actor.getSnapshot().value)).toBe(`editing.${stepNames[0]}`);
      expect(contextOf(actor.getSnapshot())).toEqual({
        values,
        files: [],
        errors: {},
        messages: [],
        result: null,
        redirectDelay: 3000,
        submissionKey: null,
      });
      const restored = createActor(machine, {
        input: { values, newSubmissionKey: vi.fn(), redirectDelay: 1000, submissionKey: 'held' },
      }).start();
      expect(contextOf(restored.getSnapshot())).toMatchObject({
        redirectDelay: 1000,
        submissionKey: 'held',
      });
    });
  });

  const ready = (snapshot: AnyMachineSnapshot) => {
    if (!snapshot.matches('editing')) return null;
    const { index } = stepOf(steps, snapshot.value);
    return Object.keys(stepErrors(steps, index, snapshot.context.values)).length === 0;
  };
  return graphSuite(name, {
    machine,
    input: { values, redirectDelay: 3000, newSubmissionKey: submissionKeys() },
    events: (snapshot) => [
      ...(changes[stepOf(steps, snapshot.value).name] ?? []).map((change) => ({
        type: 'field.change',
        ...change,
      })),
      ...(files
        ? [
            { type: 'files.add', files: [files.sample] },
            { type: 'files.reject', messages: ['Too many files'] },
            { type: 'files.remove', index: 0 },
          ]
        : []),
      {
        type: 'xstate.done.actor.submit',
        output: { message: 'Created', data: { reference_number: 'RL-ABCDEFGH23' } },
      },
      {
        type: 'xstate.error.actor.submit',
        error: new ApiError(['The moving to address field is required.', QUOTE_ERROR], {
          moving_to_address: ['The moving to address field is required.'],
        }),
      },
      refusedSubmit,
      unansweredSubmit,
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        ready: ready(snapshot),
        shown: snapshot.context.messages.length > 0,
        files: Math.min(snapshot.context.files.length, 2),
      }),
    states: {
      ...Object.fromEntries(stepNames.map((step) => [`editing.${step}`, []])),
      submitting: ['busy'],
      succeeded: ['busy'],
      done: [],
    },
    check,
    checkInput: (id, input, snapshot) => {
      expect(id).toBe('submit');
      const context = contextOf(snapshot);
      expect(context.submissionKey).toEqual(expect.any(String));
      expect(input, 'the quote without the terms box, the files, the key').toEqual({
        request: { quote: wireOf(context.values), files: context.files },
        submissionKey: context.submissionKey,
      });
    },
    implementations: { actions: effects },
  });
}
