/**
 * The generated suite of a flow made with createFormMachine: the form starts one field short of
 * valid, and that field gets one passing and one failing value, so the graph reaches every state
 * of the form machine while staying small.
 *
 * A path replayed on the machine it came from passes whatever the machine does (docs/testing.md,
 * "Mutation scores"), so `formFlowChecks` states what the person sees, written from the flow rather
 * than read from the machine: the states and their tags, per event the whole context that must
 * follow and the side effects with their arguments, and what the `submit` call is given.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import type { z } from 'zod/mini';
import { fieldErrors } from '../../../src/api/contract';
import { ApiError, messagesOf } from '../../../src/api/errors';
import type { FormMachine, FormValues } from '../../../src/machines/formMachine';
import {
  graphSuite,
  statePath,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
  type GraphSuiteOptions,
} from './graph';

/** What a person sees of every form flow: typing, the busy wait for the answer, the success, gone. */
export const formFlowStates: Record<string, string[]> = {
  editing: [],
  submitting: ['busy'],
  succeeded: ['busy'],
  done: [],
};

/** One replayed step, for a flow's own checks. */
export interface FlowStep {
  event: EventObject & Record<string, unknown>;
  was: Record<string, unknown>;
  now: Record<string, unknown>;
  from: string;
  state: string;
  /** The params each side effect got during the step. */
  calls: Record<string, unknown[]>;
  noCalls: Record<string, unknown[]>;
}

const effectNames = ['notifySuccess', 'notifyErrors', 'saveDraft', 'clearDraft', 'leave'] as const;
type EffectName = (typeof effectNames)[number];

/** The context without the key factory (a function, which toEqual cannot compare). */
function contextOf(snapshot: AnyMachineSnapshot) {
  const { newSubmissionKey: _factory, ...rest } = snapshot.context as Record<string, unknown>;
  return rest;
}

const refused = (error: unknown) =>
  error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;

/**
 * `states`, `check`, `checkInput` and the side-effect spies for the graph suite of a form machine
 * (`id` as in its file, `schema` its contract's request). Spread into `graphSuite`'s options.
 */
export function formFlowChecks(options: {
  id: string;
  schema: z.ZodMiniType;
  /** The redirect delay the suite's input gives (none: the default, 3000). */
  redirectDelay?: number;
  /** What is sent, from the context (default: the values). */
  request?: (context: Record<string, unknown>) => unknown;
  /** What the draft keeps besides the key (default: the values). */
  typed?: (context: Record<string, unknown>) => object;
  /** The flow's own events: checks them and returns true, or returns false. */
  otherEvent?: (step: FlowStep) => boolean;
  // The machines differ in their context; their graph suites share these checks.
}): Pick<
  GraphSuiteOptions<AnyStateMachine>,
  'states' | 'check' | 'checkInput' | 'implementations'
> {
  const requestOf = options.request ?? ((context) => context.values);
  const typedOf = options.typed ?? ((context) => ({ values: context.values }));
  const effects = Object.fromEntries(effectNames.map((name) => [name, vi.fn()])) as Record<
    EffectName,
    ReturnType<typeof vi.fn>
  >;
  /** The params each side effect got during the step, and a fresh start for the next one. */
  const takeCalls = () => {
    const calls = Object.fromEntries(
      effectNames.map((name) => [name, effects[name].mock.calls.map((call) => call[1])]),
    ) as Record<EffectName, unknown[]>;
    effectNames.forEach((name) => effects[name].mockClear());
    return calls;
  };
  const noCalls = { notifySuccess: [], notifyErrors: [], saveDraft: [], clearDraft: [], leave: [] };

  const check = (
    actual: AnyMachineSnapshot,
    _expected: AnyMachineSnapshot,
    event: EventObject,
    before: AnyMachineSnapshot,
  ) => {
    const calls = takeCalls();
    expect(actual.machine.id, 'the machine is named as its file says').toBe(options.id);
    const was = contextOf(before) as Record<string, unknown> & {
      values: FormValues;
      errors: Record<string, string[]>;
      submissionKey: string | null;
      reveal: boolean;
      result: unknown;
      redirectDelay: number;
    };
    const now = contextOf(actual);
    expect(was.redirectDelay, 'the wait between the success and leaving').toBe(
      options.redirectDelay ?? 3000,
    );
    const from = statePath(before.value);
    const state = statePath(actual.value);
    const payload = event as EventObject & Record<string, unknown>;
    const draftWith = (context: Record<string, unknown>, submissionKey: unknown) =>
      submissionKey ? { ...typedOf(context), submissionKey } : typedOf(context);

    if (options.otherEvent?.({ event: payload, was, now, from, state, calls, noCalls })) return;
    if (event.type === 'field.change') {
      const name = payload.name as string;
      const { [name]: _cleared, ...otherErrors } = was.errors;
      const values = { ...was.values, [name]: payload.value };
      expect(state).toBe(from);
      expect(now, 'typing sets the field and clears its message only').toEqual({
        ...was,
        values,
        errors: otherErrors,
      });
      const draft = draftWith({ ...was, values }, was.submissionKey);
      expect(calls, 'the draft keeps what was typed').toEqual({ ...noCalls, saveDraft: [draft] });
    } else if (event.type === 'reveal.toggle') {
      expect(state).toBe(from);
      expect(now).toEqual({ ...was, reveal: !was.reveal });
      expect(calls).toEqual(noCalls);
    } else if (event.type === 'submit') {
      const parsed = options.schema.safeParse(requestOf(was));
      if (parsed.success) {
        expect(state, 'valid values are sent').toBe('submitting');
        const key = now.submissionKey as string;
        if (was.submissionKey) expect(key, 'the held key goes again').toBe(was.submissionKey);
        else expect(key, 'a new key').toMatch(/^key-\d+$/);
        expect(now).toEqual({ ...was, submissionKey: key });
        expect(calls, 'the key is in the draft before the call').toEqual({
          ...noCalls,
          saveDraft: [draftWith(was, key)],
        });
      } else {
        const errors = fieldErrors(parsed.error);
        const messages = [...new Set(Object.values(errors).flat())];
        expect(messages.length).toBeGreaterThan(0);
        expect(state, 'nothing is sent').toBe('editing');
        expect(now, 'the schema messages go under the fields').toEqual({
          ...was,
          errors,
          messages,
        });
        expect(calls, 'and out as toasts').toEqual({ ...noCalls, notifyErrors: [{ messages }] });
      }
    } else if (event.type === 'xstate.done.actor.submit') {
      const result = payload.output;
      expect(state).toBe('succeeded');
      expect(now, 'the answer is kept, the key and the messages forgotten').toEqual({
        ...was,
        result,
        errors: {},
        messages: [],
        submissionKey: null,
      });
      expect(calls, 'the draft is cleared and the success shown').toEqual({
        ...noCalls,
        clearDraft: [undefined],
        notifySuccess: [{ result }],
      });
    } else if (event.type === 'xstate.error.actor.submit') {
      const error = payload.error;
      const errors = error instanceof ApiError ? error.fields : {};
      const messages = messagesOf(error);
      expect(state, 'back to the form, what was typed kept').toBe('editing');
      if (refused(error)) {
        expect(now, 'a refusal forgets the key').toEqual({
          ...was,
          errors,
          messages,
          submissionKey: null,
        });
        expect(calls, 'and the draft says so').toEqual({
          ...noCalls,
          saveDraft: [draftWith(was, null)],
          notifyErrors: [{ messages }],
        });
      } else {
        expect(was.submissionKey, 'no answer keeps the key for the next press').toEqual(
          expect.any(String),
        );
        expect(now).toEqual({ ...was, errors, messages });
        expect(calls).toEqual({ ...noCalls, notifyErrors: [{ messages }] });
      }
    } else if (event.type.startsWith('xstate.after.redirectDelay.')) {
      expect(state).toBe('done');
      expect(actual.status).toBe('done');
      expect(now).toEqual(was);
      expect(calls, 'leaves with the answer').toEqual({
        ...noCalls,
        leave: [{ result: was.result }],
      });
    } else {
      throw new Error(`No expectation for ${event.type} in ${from}`);
    }
  };

  const checkInput = (id: string, input: unknown, snapshot: AnyMachineSnapshot) => {
    expect(id).toBe('submit');
    const context = snapshot.context as Record<string, unknown>;
    expect(context.submissionKey).toEqual(expect.any(String));
    expect(input, 'the call gets the values and the key').toEqual({
      request: requestOf(context),
      submissionKey: context.submissionKey,
    });
  };

  return { states: formFlowStates, check, checkInput, implementations: { actions: effects } };
}

/** How a form machine starts, whatever its values: nothing wrong, nothing sent, nothing held. */
export function formFlowStart(machine: FormMachine, values: FormValues) {
  describe(`${machine.id} starts`, () => {
    it('with the values given, no messages, no answer, hidden passwords', () => {
      const key = vi.fn(() => 'unused');
      const actor = createActor(machine, { input: { values, newSubmissionKey: key } }).start();
      expect(statePath(actor.getSnapshot().value)).toBe('editing');
      expect(contextOf(actor.getSnapshot())).toEqual({
        values,
        errors: {},
        messages: [],
        result: null,
        reveal: false,
        redirectDelay: 3000,
        submissionKey: null,
      });
      expect(key).not.toHaveBeenCalled();
    });

    it('with the redirect delay and the unanswered key it is given', () => {
      const actor = createActor(machine, {
        input: {
          values,
          newSubmissionKey: submissionKeys(),
          redirectDelay: 2000,
          submissionKey: 'held',
        },
      }).start();
      expect(actor.getSnapshot().context).toMatchObject({
        redirectDelay: 2000,
        submissionKey: 'held',
      });
    });
  });
}

export interface FormFlowSuiteOptions {
  machine: FormMachine;
  schema: z.ZodMiniType;
  /** Every field valid except `field`. */
  values: FormValues;
  field: string;
  valid: string;
  invalid: string;
  /** What the server answers on success, and how a call fails. */
  output: unknown;
  failure: unknown;
}

export function formFlowSuite(name: string, options: FormFlowSuiteOptions) {
  formFlowStart(options.machine, options.values);
  return graphSuite(name, {
    machine: options.machine,
    input: { newSubmissionKey: submissionKeys(), values: options.values, redirectDelay: 3000 },
    events: [
      { type: 'field.change', name: options.field, value: options.valid },
      { type: 'field.change', name: options.field, value: options.invalid },
      { type: 'xstate.done.actor.submit', output: options.output },
      { type: 'xstate.error.actor.submit', error: options.failure },
      refusedSubmit,
      unansweredSubmit,
    ],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        valid: options.schema.safeParse(snapshot.context.values).success,
        errors: snapshot.context.errors,
        reveal: snapshot.context.reveal,
      }),
    ...formFlowChecks({ id: name, schema: options.schema, redirectDelay: 3000 }),
  });
}
