import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { applicationRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { applicationMachine } from '../../src/machines/applicationMachine';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

const empty = { full_name: '', email: '', age: '', mobile_number: '', location: '' };
const complete = {
  full_name: 'Ada Obi',
  email: '',
  age: '30',
  mobile_number: '08012345678',
  location: 'Yaba, Lagos',
};

formFlowStart(applicationMachine, empty);

graphSuite('application', {
  machine: applicationMachine,
  inputs: [
    { newSubmissionKey: submissionKeys(), values: empty },
    { newSubmissionKey: submissionKeys(), values: complete },
  ],
  events: [
    { type: 'field.change', name: 'email', value: 'ada@example.com' },
    { type: 'field.change', name: 'email', value: 'not-an-email' },
    { type: 'xstate.done.actor.submit', output: { message: 'Mover request created successfully' } },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(['Application failed. Please try again.']),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: applicationRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors).sort(),
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'application', schema: applicationRequest }),
});

describe('application', () => {
  function start(values: Record<string, string>, submit: (values: unknown) => Promise<unknown>) {
    const notifyErrors = vi.fn();
    const leave = vi.fn();
    const actor = createActor(
      applicationMachine.provide({
        actors: { submit: fromPromise(({ input }) => submit(input.request)) },
        actions: {
          notifyErrors: (_, { messages }) => notifyErrors(messages),
          leave: () => leave(),
        },
      }),
      { input: { newSubmissionKey: submissionKeys(), values, redirectDelay: 1 } },
    ).start();
    return { actor, notifyErrors, leave };
  }

  it('requires full name, age, mobile number and location; email only when given', () => {
    const submit = vi.fn();
    const { actor, notifyErrors } = start(empty, submit);
    actor.send({ type: 'submit' });
    expect(submit).not.toHaveBeenCalled();
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'age',
      'full_name',
      'location',
      'mobile_number',
    ]);
    expect(notifyErrors).toHaveBeenCalled();
  });

  it('rejects a malformed email and a non-numeric age', () => {
    const { actor } = start({ ...complete, email: 'ada@', age: 'thirty' }, vi.fn());
    actor.send({ type: 'submit' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['age', 'email']);
  });

  it('sends a complete application once and leaves after the delay', async () => {
    const submit = vi.fn(async () => ({ message: 'Packer request created successfully' }));
    const { actor, leave } = start(complete, submit);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(submit).toHaveBeenCalledWith(complete);
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed when the server refuses', async () => {
    const { actor, notifyErrors } = start(complete, async () => {
      throw new ApiError(['Application failed. Please try again.']);
    });
    actor.send({ type: 'submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && snapshot.context.messages.length > 0,
    );
    expect(actor.getSnapshot().context.values).toEqual(complete);
    expect(notifyErrors).toHaveBeenCalledWith(['Application failed. Please try again.']);
  });
});
