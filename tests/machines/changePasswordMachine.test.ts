import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { changePasswordRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { changePasswordMachine } from '../../src/machines/changePasswordMachine';
import { formFlowSuite } from '../support/graph/formFlowSuite';
import { submissionKeys } from '../support/graph/graph';

const values = {
  old_password: 'Old harmattan 41',
  new_password: 'Kola-nut harmattan 42',
  new_password_confirmation: '',
};

formFlowSuite('changePassword', {
  machine: changePasswordMachine,
  schema: changePasswordRequest,
  values,
  field: 'new_password_confirmation',
  valid: 'Kola-nut harmattan 42',
  invalid: 'Kola-nut harmattan 43',
  output: { message: 'Password changed successfully' },
  failure: new ApiError(
    ['Your current password is not correct.'],
    { old_password: ['Your current password is not correct.'] },
    422,
  ),
});

describe('changePassword', () => {
  it('says the new passwords do not match, under the confirmation, and sends nothing', () => {
    const actor = createActor(changePasswordMachine, {
      input: {
        newSubmissionKey: submissionKeys(),
        values: { ...values, new_password_confirmation: 'something else' },
      },
    }).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      new_password_confirmation: ['Passwords do not match'],
    });
  });
});
