import { describe, expect, it } from 'vitest';
import { fieldErrors, instantDeliveryRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { instantDeliveryMachine } from '../../src/machines/instantDeliveryMachine';
import { instantDelivery } from '../support/api';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

const booking = instantDelivery();

formFlowStart(instantDeliveryMachine, booking);

graphSuite('instantDeliveryMachine', {
  machine: instantDeliveryMachine,
  input: {
    newSubmissionKey: submissionKeys(),
    values: { ...booking, description: '' },
    redirectDelay: 3000,
  },
  events: [
    { type: 'field.change', name: 'description', value: 'A parcel of documents' },
    { type: 'field.change', name: 'description', value: '   ' },
    {
      type: 'xstate.done.actor.submit',
      output: {
        message: 'Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(
        ["The sender's phone number is not valid."],
        { sender_number: ["The sender's phone number is not valid."] },
        422,
      ),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: instantDeliveryRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors).sort(),
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'instantDelivery', schema: instantDeliveryRequest }),
});

describe('instant delivery rules', () => {
  const errorsOf = (values: Record<string, string>) => {
    const parsed = instantDeliveryRequest.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('requires every field, description included', () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual([
      'description',
      'dilivery_address',
      'pickup_address',
      'receiver_fullname',
      'receiver_number',
      'sender_fullname',
      'sender_number',
    ]);
  });

  it('takes Nigerian phone numbers only', () => {
    expect(
      errorsOf({ ...booking, sender_number: '+2348031234567', receiver_number: '0805 123 4567' }),
    ).toEqual({});
    expect(errorsOf({ ...booking, receiver_number: '+447700900123' })).toEqual({
      receiver_number: ['Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.'],
    });
  });
});
