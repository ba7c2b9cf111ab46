/**
 * /change-password: the paths of changePasswordMachine's graph through its page
 * (./formGraphView.ts), against the real server, signed in; the old password typed is the
 * member's real one.
 */
import { calls, changePasswordRequest } from '../../src/api/contract';
import { changePasswordMachine } from '../../src/machines/changePasswordMachine';
import { formGraphViewSuite, membersFor } from '../support/view/formGraphView';
import { sessionOf } from '../support/view/render';

const OLD_PASSWORD = 'the member’s password';
const NEW_PASSWORD = 'Rainy season in Ibadan 3';
const memberFor = membersFor();

formGraphViewSuite('/change-password', {
  machine: changePasswordMachine,
  schema: changePasswordRequest,
  path: '/change-password',
  title: 'Change password',
  labels: {
    old_password: 'Old password',
    new_password: 'New password',
    new_password_confirmation: 'Confirm new password',
  },
  values: { old_password: OLD_PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: '' },
  field: 'new_password_confirmation',
  valid: NEW_PASSWORD,
  invalid: 'something else',
  button: 'Change password',
  busyLabel: 'Submitting...',
  reveal: {
    label: 'Show passwords',
    fields: ['old_password', 'new_password', 'new_password_confirmation'],
  },
  successMessage: calls.changePassword.success,
  leavesTo: '/login',
  output: { message: calls.changePassword.success },
  arrange: async (server, path) => {
    const member = await memberFor(server, path);
    return {
      session: sessionOf(member),
      typed: (_, sample) => (sample === OLD_PASSWORD ? member.password : sample),
    };
  },
});
