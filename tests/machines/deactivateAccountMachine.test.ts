import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deleteUserRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { deactivateAccountMachine } from '../../src/machines/deactivateAccountMachine';
import { formFlowSuite } from '../support/graph/formFlowSuite';
import { submissionKeys } from '../support/graph/graph';

formFlowSuite('deactivateAccount', {
  machine: deactivateAccountMachine,
  schema: deleteUserRequest,
  values: { Reason: 'Moving abroad', password: '' },
  field: 'password',
  valid: 'Kola-nut harmattan 42',
  invalid: '',
  output: { succes: 'User data deleted successfully.' },
  failure: new ApiError(
    ['Your password is not correct.'],
    { password: ['Your password is not correct.'] },
    422,
  ),
});

describe('deactivateAccount', () => {
  it('asks for the reason and the password before sending', () => {
    const actor = createActor(deactivateAccountMachine, {
      input: { newSubmissionKey: submissionKeys(), values: { Reason: '', password: '' } },
    }).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      Reason: ['Please tell us why you are leaving.'],
      password: ['Please enter your password.'],
    });
  });
});
