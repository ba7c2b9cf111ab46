import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { z } from 'zod/mini';
import { email } from '../../src/api/contract';
import { ApiError, networkFailure } from '../../src/api/errors';
import { createFormMachine } from '../../src/machines/formMachine';
import { digitsOnly } from '../../src/machines/formFields';
import { providedByView } from '../../src/machines/providedByView';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

const machine = createFormMachine({ id: 'exampleForm', schema: z.object({ email: email() }) });
const input = { newSubmissionKey: submissionKeys(), values: { email: '' }, redirectDelay: 3000 };

formFlowStart(machine, { email: '' });

graphSuite('formMachine', {
  machine,
  input,
  events: [
    { type: 'field.change', name: 'email', value: 'ada@example.com' },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'xstate.done.actor.submit', output: { message: 'Done' } },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(['That email is taken.'], { email: ['That email is taken.'] }),
    },
    refusedSubmit,
    unansweredSubmit,
    // The edges of a refusal (4xx: a new key next time) and of no answer (5xx, or no ApiError at all: the same key).
    { type: 'xstate.error.actor.submit', error: new ApiError(['Bad request.'], {}, 400) },
    { type: 'xstate.error.actor.submit', error: new ApiError(['Server error.'], {}, 500) },
    { type: 'xstate.error.actor.submit', error: new Error('offline') },
    // Not refusals either: a 200 whose answer was not the expected one, a 4xx status on no ApiError.
    { type: 'xstate.error.actor.submit', error: new ApiError(['Unexpected answer.'], {}, 200) },
    {
      type: 'xstate.error.actor.submit',
      error: Object.assign(new Error('Request failed'), { status: 422 }),
    },
  ],
  // Values matter only as valid or not; this keeps the graph small and finite.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: email().safeParse(snapshot.context.values.email).success,
      errors: snapshot.context.errors,
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'exampleForm', schema: z.object({ email: email() }) }),
});

describe('formMachine side effects', () => {
  function start(submit: (values: unknown) => Promise<unknown>) {
    const effects = {
      notifySuccess: vi.fn(),
      notifyErrors: vi.fn(),
      leave: vi.fn(),
      saveDraft: vi.fn(),
      clearDraft: vi.fn(),
    };
    const actor = createActor(
      machine.provide({
        actors: { submit: fromPromise(({ input }) => submit(input.request)) },
        actions: {
          notifySuccess: (_, params) => effects.notifySuccess(params),
          notifyErrors: (_, params) => effects.notifyErrors(params),
          leave: (_, params) => effects.leave(params),
          saveDraft: (_, params) => effects.saveDraft(params),
          clearDraft: () => effects.clearDraft(),
        },
      }),
      { input: { newSubmissionKey: submissionKeys(), values: { email: '' }, redirectDelay: 1 } },
    ).start();
    return { actor, effects };
  }

  it('sends nothing and says why when a field is wrong', () => {
    const submit = vi.fn();
    const { actor, effects } = start(submit);
    actor.send({ type: 'field.change', name: 'email', value: 'nope' });
    actor.send({ type: 'submit' });
    expect(submit).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors.email).toEqual([
      'Enter a valid email address, like name@example.com.',
    ]);
    expect(effects.notifyErrors).toHaveBeenCalledWith({
      messages: ['Enter a valid email address, like name@example.com.'],
    });
  });

  it('sends once however often submit is pressed, then leaves with the result', async () => {
    const submit = vi.fn(async () => ({ message: 'Done' }));
    const { actor, effects } = start(submit);
    actor.send({ type: 'field.change', name: 'email', value: 'ada@example.com' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(effects.notifySuccess).toHaveBeenCalledWith({ result: { message: 'Done' } });
    expect(effects.clearDraft).toHaveBeenCalled();
    expect(effects.leave).toHaveBeenCalledWith({ result: { message: 'Done' } });
  });

  it('keeps what was typed and shows the server messages when the call fails', async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError(
        ['The email has already been taken.'],
        { email: ['The email has already been taken.'] },
        422,
      );
    });
    actor.send({ type: 'field.change', name: 'email', value: 'ada@example.com' });
    actor.send({ type: 'submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && snapshot.context.messages.length > 0,
    );
    expect(actor.getSnapshot().context.values.email).toBe('ada@example.com');
    expect(actor.getSnapshot().context.errors.email).toEqual(['The email has already been taken.']);
    expect(effects.notifyErrors).toHaveBeenCalledWith({
      messages: ['The email has already been taken.'],
    });
  });

  it('clears a field message as soon as the user types in that field', () => {
    const { actor, effects } = start(vi.fn());
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors.email).toBeDefined();
    actor.send({ type: 'field.change', name: 'email', value: 'a' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    expect(effects.saveDraft).toHaveBeenCalledWith({ values: { email: 'a' } });
  });
});

describe('formMachine Idempotency-Keys', () => {
  /** The keys each call was sent with; `answers` says how each call ends, in order. */
  function start(answers: Array<() => Promise<unknown>>, submissionKey: string | null = null) {
    const keys: string[] = [];
    const drafts: unknown[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          submit: fromPromise(({ input }) => {
            keys.push(input.submissionKey);
            return answers[keys.length - 1]!();
          }),
        },
        actions: { saveDraft: (_, draft) => drafts.push(draft) },
      }),
      {
        input: {
          newSubmissionKey: submissionKeys(),
          values: { email: 'ada@example.com' },
          redirectDelay: 1,
          submissionKey,
        },
      },
    ).start();
    const press = async () => {
      actor.send({ type: 'submit' });
      await waitFor(actor, (snapshot) => !snapshot.matches('submitting'));
    };
    return { actor, keys, drafts, press };
  }
  const unanswered = async () => {
    throw networkFailure();
  };
  const refused = async () => {
    throw new ApiError(['That email is taken.'], { email: ['That email is taken.'] }, 422);
  };
  const answered = async () => ({ message: 'Done' });

  it('resends the same key after a network error or a timeout, and keeps it in the draft meanwhile', async () => {
    const { actor, keys, drafts, press } = start([unanswered, unanswered, answered]);
    await press();
    expect(actor.getSnapshot().context.submissionKey).toBe('key-1');
    expect(drafts.at(-1)).toEqual({ values: { email: 'ada@example.com' }, submissionKey: 'key-1' });
    await press();
    await press();
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
    expect(actor.getSnapshot().context.submissionKey).toBeNull();
  });

  it('makes a new key after a 4xx answer, and forgets it in the draft', async () => {
    const { actor, keys, drafts, press } = start([refused, answered]);
    await press();
    expect(actor.getSnapshot().context.submissionKey).toBeNull();
    expect(drafts.at(-1)).toEqual({ values: { email: 'ada@example.com' } });
    await press();
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('forgets the key after a success, so the next submission gets a new one', async () => {
    const { actor, keys, press } = start([answered]);
    await press();
    expect(keys).toEqual(['key-1']);
    expect(actor.getSnapshot().context.submissionKey).toBeNull();
  });

  it('resends the key a reload restored from the draft', async () => {
    const { keys, press } = start([answered], 'restored-key');
    await press();
    expect(keys).toEqual(['restored-key']);
  });
});

describe('form helpers', () => {
  it('one-time codes keep digits only, at most six', () => {
    expect(digitsOnly('12a 34-5678')).toBe('123456');
    expect(digitsOnly('4 2')).toBe('42');
  });

  it('a call the page forgot to supply fails, naming the call', async () => {
    const actor = createActor(providedByView('submit'));
    const failure = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failure).toEqual(new Error('submit is provided by the view'));
  });

  it('a form whose page forgot the call says so, naming it', async () => {
    const errors: unknown[] = [];
    const actor = createActor(machine, {
      input: { newSubmissionKey: submissionKeys(), values: { email: 'ada@example.com' } },
      inspect: (inspection) => {
        if (
          inspection.type === '@xstate.event' &&
          inspection.event.type === 'xstate.error.actor.submit'
        )
          errors.push((inspection.event as { error?: unknown }).error);
      },
    }).start();
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errors).toEqual([new Error('submit is provided by the view')]);
  });

  it('the statecharts name the submit check isValid', () => {
    const submit = machine.root.states.editing!.transitions.get('submit')!;
    expect(submit.map((transition) => transition.meta)).toEqual([{ guard: 'isValid' }, undefined]);
  });
});
