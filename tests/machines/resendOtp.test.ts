import { emailOnlyRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { resendOtpMachine } from '../../src/machines/resendOtpMachine';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

formFlowStart(resendOtpMachine, { email: '' });

graphSuite('resendOtp', {
  machine: resendOtpMachine,
  input: { newSubmissionKey: submissionKeys(), values: { email: '' }, redirectDelay: 3000 },
  events: [
    { type: 'field.change', name: 'email', value: 'ada@example.com' },
    { type: 'field.change', name: 'email', value: 'ada@' },
    { type: 'xstate.done.actor.submit', output: 'ada@example.com' },
    // The client rejects any message other than 'OTP resent successfully' with that message.
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(['Too many requests, try again later.'], {}, 200),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: emailOnlyRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors),
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'resendOtp', schema: emailOnlyRequest }),
});
