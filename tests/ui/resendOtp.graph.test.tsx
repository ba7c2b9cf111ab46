/** /resend-otp: the paths of resendOtpMachine's graph through its page (./formGraphView.ts), against the real server. */
import { calls, emailOnlyRequest } from '../../src/api/contract';
import { resendOtpMachine } from '../../src/machines/resendOtpMachine';
import { formGraphViewSuite } from '../support/view/formGraphView';

formGraphViewSuite('/resend-otp', {
  machine: resendOtpMachine,
  schema: emailOnlyRequest,
  path: '/resend-otp',
  title: 'Resend OTP',
  labels: { email: 'Email' },
  values: { email: '' },
  field: 'email',
  valid: 'ada@example.com',
  invalid: 'ada@',
  button: 'Resend',
  busyLabel: 'Loading...',
  successMessage: calls.resendOtp.success,
  leavesTo: '/email-verification',
  output: { message: calls.resendOtp.success },
});
