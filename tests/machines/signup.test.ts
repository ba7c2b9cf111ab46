import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { registerRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { signupMachine } from '../../src/machines/signupMachine';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

const filled = {
  fullname: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  password: 'long enough 1',
  password_confirmation: 'long enough 1',
};

formFlowStart(signupMachine, filled);

graphSuite('signup', {
  machine: signupMachine,
  input: {
    newSubmissionKey: submissionKeys(),
    values: { ...filled, password_confirmation: '' },
    redirectDelay: 3000,
  },
  events: [
    { type: 'field.change', name: 'password_confirmation', value: 'long enough 1' },
    { type: 'field.change', name: 'password_confirmation', value: 'something else' },
    { type: 'xstate.done.actor.submit', output: 'ada@example.com' },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(
        ['An account with this email already exists.'],
        { email: ['An account with this email already exists.'] },
        422,
      ),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: registerRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors),
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'signup', schema: registerRequest }),
});

describe('signup rules', () => {
  it("says 'Passwords do not match' and sends nothing when they differ", () => {
    const submit = vi.fn();
    const actor = createActor(signupMachine.provide({ actors: { submit: fromPromise(submit) } }), {
      input: {
        newSubmissionKey: submissionKeys(),
        values: { ...filled, password_confirmation: 'long enough 2' },
      },
    }).start();
    actor.send({ type: 'submit' });
    expect(submit).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors.password_confirmation).toEqual([
      'Passwords do not match',
    ]);
  });

  it('requires every field', () => {
    const actor = createActor(signupMachine, {
      input: {
        newSubmissionKey: submissionKeys(),
        values: { fullname: '', email: '', phone: '', password: '', password_confirmation: '' },
      },
    }).start();
    actor.send({ type: 'submit' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'email',
      'fullname',
      'password',
      'password_confirmation',
      'phone',
    ]);
  });

  it('one toggle shows both passwords', () => {
    const actor = createActor(signupMachine, {
      input: { newSubmissionKey: submissionKeys(), values: filled },
    }).start();
    actor.send({ type: 'reveal.toggle' });
    expect(actor.getSnapshot().context.reveal).toBe(true);
  });
});
