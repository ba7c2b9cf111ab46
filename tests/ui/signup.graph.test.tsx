/**
 * /signup: the paths of signupMachine's graph through its page (./formGraphView.ts), against the
 * real server; each path signs up with an email of its own.
 */
import { registerRequest } from '../../src/api/contract';
import { signupMachine } from '../../src/machines/signupMachine';
import { uniqueEmail } from '../support/api';
import { formGraphViewSuite } from '../support/view/formGraphView';

const PASSWORD = 'Harmattan evenings 7';

formGraphViewSuite('/signup', {
  machine: signupMachine,
  schema: registerRequest,
  path: '/signup',
  title: 'Sign Up',
  labels: {
    fullname: 'Full Name',
    email: 'Email',
    phone: 'Phone Number',
    password: 'Password',
    password_confirmation: 'Confirm Password',
  },
  values: {
    fullname: 'Ada Obi',
    email: 'ada@example.com',
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: '',
  },
  field: 'password_confirmation',
  valid: PASSWORD,
  invalid: 'something else',
  button: 'Sign Up',
  busyLabel: 'Signing Up...',
  reveal: { label: 'Show passwords', fields: ['password', 'password_confirmation'] },
  successMessage: 'Registration Successful',
  leavesTo: '/email-verification',
  output: undefined,
  arrange: async () => {
    const email = uniqueEmail('signup-graph');
    return { typed: (name, sample) => (name === 'email' ? email : sample) };
  },
});
