import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { trackingRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { trackingMachine } from '../../src/machines/trackingMachine';
import { formFlowSuite } from '../support/graph/formFlowSuite';
import { submissionKeys } from '../support/graph/graph';

formFlowSuite('tracking', {
  machine: trackingMachine,
  schema: trackingRequest,
  values: { reference_id: '' },
  field: 'reference_id',
  valid: 'RL-ABCDEFGH23',
  invalid: '   ',
  output: { reference_number: 'RL-ABCDEFGH23' },
  failure: new ApiError(
    ['No package was found with this tracking code.'],
    { reference_id: ['No package was found with this tracking code.'] },
    404,
  ),
});

describe('tracking', () => {
  it('sends nothing for an empty code and says what is missing under the field', () => {
    const notifyErrors = vi.fn();
    const actor = createActor(
      trackingMachine.provide({ actions: { notifyErrors: (_, params) => notifyErrors(params) } }),
      {
        input: { newSubmissionKey: submissionKeys(), values: { reference_id: '  ' } },
      },
    ).start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.reference_id).toEqual([
      'Please enter your tracking code.',
    ]);
    expect(notifyErrors).toHaveBeenCalledWith({ messages: ['Please enter your tracking code.'] });
    expect(actor.getSnapshot().context.values.reference_id).toBe('  ');
  });
});
