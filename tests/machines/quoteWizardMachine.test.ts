import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { quoteWizardMachine, quoteWizardSteps } from '../../src/machines/quoteWizardMachine';
import type { QuoteSubmission } from '../../src/machines/quoteSteps';
import { submissionKeys } from '../support/graph/graph';
import { fiveStepChanges, fiveStepQuote } from '../support/fixtures/quotes';
import { quoteGraphSuite } from '../support/graph/quoteGraph';

quoteGraphSuite('quoteWizardMachine', {
  machine: quoteWizardMachine,
  steps: quoteWizardSteps,
  values: fiveStepQuote(),
  changes: { ...fiveStepChanges(), uploadMedia: [{ name: 'description', value: 'Glass table' }] },
});

const empty = Object.fromEntries(
  Object.keys(fiveStepQuote()).map((key) => [key, key === 'terms' ? false : '']),
);

function start(
  values: Record<string, string | boolean>,
  submit: (input: QuoteSubmission) => Promise<unknown> = vi.fn(),
) {
  const notifyErrors = vi.fn();
  const actor = createActor(
    quoteWizardMachine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input.request) as never) },
      actions: { notifyErrors: (_, params) => notifyErrors(params) },
    }),
    { input: { values, redirectDelay: 1, newSubmissionKey: submissionKeys() } },
  ).start();
  const next = (times: number) =>
    Array.from({ length: times }, () => actor.send({ type: 'step.next' }));
  return { actor, notifyErrors, next };
}

describe('quoteWizardMachine (the 5-step wizard)', () => {
  it('checks the required fields of each step before Next', () => {
    const { actor, notifyErrors, next } = start(empty);
    next(1);
    expect(actor.getSnapshot().value).toEqual({ editing: 'currentLocation' });
    expect(notifyErrors).toHaveBeenCalledWith({
      messages: [
        'Please fill in your address.',
        'Select apartment type.',
        'Select number of rooms.',
        'Select apartment floor.',
      ],
    });
    for (const [name, value] of Object.entries(fiveStepQuote()).slice(0, 8))
      actor.send({ type: 'field.change', name, value });
    next(1);
    expect(actor.getSnapshot().value).toEqual({ editing: 'destination' });
  });

  it('lets contact details stay empty but not wrong', () => {
    const { actor, next } = start({
      ...fiveStepQuote(),
      full_name: '',
      mobile_phone: '',
      email: 'ada@',
    });
    next(3);
    expect(actor.getSnapshot().value).toEqual({ editing: 'contactDetails' });
    expect(actor.getSnapshot().context.errors.email).toEqual([
      'Enter a valid email address, like name@example.com.',
    ]);
    actor.send({ type: 'field.change', name: 'email', value: '' });
    next(1);
    expect(actor.getSnapshot().value).toEqual({ editing: 'uploadMedia' });
  });

  it('needs a service, both dates, none in the past, the inspection not after the move', () => {
    const { actor, next } = start({
      ...fiveStepQuote(),
      Services: '',
      date_of_inspection: '',
      moving_date: '2020-01-01',
    });
    next(4);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'additionalInformation' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      Services: ['Choose at least one service.'],
      date_of_inspection: ['Please choose an inspection date.'],
      moving_date: ['Pick today or a later date.'],
    });
  });

  it("sends the quote without a file: the photo is the photo upload's, which adds it", async () => {
    const submit = vi.fn(async () => ({
      message: 'Local service created successfully',
      data: { reference_number: 'RL-ABCDEFGH23' },
    }));
    const { actor, next } = start(fiveStepQuote(), submit);
    expect(actor.getSnapshot().can({ type: 'files.add', files: [] })).toBe(false);
    next(4);
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    const { terms: _terms, ...quote } = fiveStepQuote();
    expect(submit).toHaveBeenCalledWith({ quote, files: [] });
  });
});
