/**
 * /move (the mover application; /pack renders the same form for packers): the paths of
 * applicationMachine's graph through its page (./formGraphView.ts), against the real server.
 */
import { applicationRequest, calls } from '../../src/api/contract';
import { applicationMachine } from '../../src/machines/applicationMachine';
import { formGraphViewSuite } from '../support/view/formGraphView';

formGraphViewSuite('/move', {
  machine: applicationMachine,
  schema: applicationRequest,
  path: '/move',
  title: 'Move for Us',
  labels: {
    full_name: 'Full name',
    email: 'Email (optional)',
    age: 'Age',
    mobile_number: 'Mobile number',
    location: 'Location',
  },
  values: {
    full_name: 'Ada Obi',
    email: '',
    age: '30',
    mobile_number: '08031234567',
    location: 'Yaba, Lagos',
  },
  field: 'email',
  valid: 'ada@example.com',
  invalid: 'not-an-email',
  button: 'Apply',
  busyLabel: 'Applying...',
  successMessage: 'Application Successful',
  leavesTo: '/partner',
  output: { message: calls.moverRegistration.success },
});
