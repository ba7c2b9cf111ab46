/**
 * /deactivate-account: the paths of deactivateAccountMachine's graph through its page
 * (./formGraphView.ts), against the real server, signed in; a path whose deletion succeeds
 * deletes an account of its own.
 */
import { calls, deleteUserRequest } from '../../src/api/contract';
import { deactivateAccountMachine } from '../../src/machines/deactivateAccountMachine';
import { formGraphViewSuite, membersFor } from '../support/view/formGraphView';
import { sessionOf } from '../support/view/render';

const PASSWORD = 'the member’s password';
const memberFor = membersFor();

formGraphViewSuite('/deactivate-account', {
  machine: deactivateAccountMachine,
  schema: deleteUserRequest,
  path: '/deactivate-account',
  title: 'Delete account',
  labels: { Reason: 'Why are you leaving?', password: 'Password' },
  values: { Reason: 'Moving abroad', password: '' },
  field: 'password',
  valid: PASSWORD,
  invalid: '',
  button: 'Delete my account',
  busyLabel: 'Deleting...',
  successMessage: calls.deleteUser.success,
  leavesTo: '/',
  output: { succes: calls.deleteUser.success },
  arrange: async (server, path) => {
    const member = await memberFor(server, path);
    return {
      session: sessionOf(member),
      typed: (_, sample) => (sample === PASSWORD ? member.password : sample),
    };
  },
});
