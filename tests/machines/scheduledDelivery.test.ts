import { describe, expect, it } from 'vitest';
import { fieldErrors, scheduledDeliveryRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { scheduledDeliveryMachine } from '../../src/machines/scheduledDeliveryMachine';
import { inDays, scheduledDelivery } from '../support/api';
import {
  graphSuite,
  submissionKeys,
  refusedSubmit,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks, formFlowStart } from '../support/graph/formFlowSuite';

const booking = scheduledDelivery();

formFlowStart(scheduledDeliveryMachine, booking);

graphSuite('scheduledDeliveryMachine', {
  machine: scheduledDeliveryMachine,
  input: {
    newSubmissionKey: submissionKeys(),
    values: { ...booking, delivery_date: '' },
    redirectDelay: 3000,
  },
  events: [
    { type: 'field.change', name: 'delivery_date', value: inDays(3) },
    // Before the pickup date: refused.
    { type: 'field.change', name: 'delivery_date', value: inDays(0) },
    {
      type: 'xstate.done.actor.submit',
      output: {
        message: 'Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(['An error occurred. Please try again.']),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: scheduledDeliveryRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors).sort(),
      reveal: snapshot.context.reveal,
    }),
  ...formFlowChecks({ id: 'scheduledDelivery', schema: scheduledDeliveryRequest }),
});

describe('scheduled delivery rules', () => {
  const errorsOf = (values: Record<string, string>) => {
    const parsed = scheduledDeliveryRequest.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('takes a pickup today or later and a delivery on or after the pickup', () => {
    expect(errorsOf({ ...booking, pickup_date: inDays(0), delivery_date: inDays(0) })).toEqual({});
    expect(errorsOf({ ...booking, pickup_date: inDays(-1), delivery_date: inDays(2) })).toEqual({
      pickup_date: ['Pick today or a later date.'],
    });
    expect(errorsOf({ ...booking, pickup_date: inDays(4), delivery_date: inDays(2) })).toEqual({
      delivery_date: ['Delivery cannot be before pickup.'],
    });
  });

  it('refuses a day its month does not have, at its field, as the server does', () => {
    const year = new Date().getUTCFullYear() + 1;
    const shortFebruary = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 2 ? year : year + 1;
    expect(
      errorsOf({ ...booking, pickup_date: inDays(1), delivery_date: `${shortFebruary}-02-29` }),
    ).toEqual({
      delivery_date: [`February ${shortFebruary} has 28 days: pick a date from the calendar.`],
    });
    expect(
      errorsOf({ ...booking, pickup_date: `${year}-04-31`, delivery_date: `${year + 1}-01-01` }),
    ).toEqual({
      pickup_date: [`April ${year} has 30 days: pick a date from the calendar.`],
    });
  });

  it('requires all nine fields, each with one message', () => {
    const errors = errorsOf({});
    expect(Object.keys(errors)).toHaveLength(9);
    expect(Object.values(errors).every((messages) => messages.length === 1)).toBe(true);
  });
});
