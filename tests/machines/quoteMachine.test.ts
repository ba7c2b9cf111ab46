import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { QUOTE_ERROR } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { quoteMachine, quoteSteps } from '../../src/machines/quoteMachine';
import type { QuoteSubmission } from '../../src/machines/quoteSteps';
import { submissionKeys } from '../support/graph/graph';
import { threeStepChanges, threeStepQuote } from '../support/fixtures/quotes';
import { quoteGraphSuite } from '../support/graph/quoteGraph';
import { inDays } from '../support/api';

quoteGraphSuite('quoteMachine', {
  machine: quoteMachine,
  steps: quoteSteps,
  values: threeStepQuote(),
  changes: threeStepChanges(),
  files: {
    sample: new File(['not really a video'], 'living-room.mp4', { type: 'video/mp4' }),
    field: 'files',
    max: 20,
  },
});

const blank = Object.fromEntries(
  Object.keys(threeStepQuote()).map((key) => [key, key === 'terms' ? false : '']),
);

function start(
  values: Record<string, string | boolean>,
  submit: (input: QuoteSubmission) => Promise<unknown> = vi.fn(),
) {
  const effects = {
    notifySuccess: vi.fn(),
    notifyErrors: vi.fn(),
    leave: vi.fn(),
    saveDraft: vi.fn(),
    clearDraft: vi.fn(),
  };
  const actor = createActor(
    quoteMachine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input.request) as never) },
      actions: {
        notifySuccess: (_, params) => effects.notifySuccess(params),
        notifyErrors: (_, params) => effects.notifyErrors(params),
        leave: (_, params) => effects.leave(params),
        saveDraft: (_, params) => effects.saveDraft(params),
        clearDraft: () => effects.clearDraft(),
      },
    }),
    { input: { values, redirectDelay: 1, newSubmissionKey: submissionKeys() } },
  ).start();
  return { actor, effects };
}

describe('quoteMachine (the 3-step form)', () => {
  it('checks step 1 in the spec order, destination floor too, and puts each message under its field', () => {
    const { actor, effects } = start({
      ...blank,
      moving_from_address: '5 Ikoyi Crescent',
      moving_to_apartment_type: 'Studio',
    });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'locations' });
    expect(effects.notifyErrors).toHaveBeenCalledWith({
      messages: [
        'Please fill in your address.',
        'Select apartment type.',
        'Select number of rooms.',
        'Select apartment floor.',
      ],
    });
    expect(actor.getSnapshot().context.errors).toEqual({
      moving_to_address: ['Please fill in your address.'],
      moving_from_apartment_type: ['Select apartment type.'],
      number_of_room_moving_from: ['Select number of rooms.'],
      number_of_room_moving_to: ['Select number of rooms.'],
      aptFloor: ['Select apartment floor.'],
      toAptFloor: ['Select apartment floor.'],
    });
  });

  it('needs name, email and a Nigerian mobile number on step 2, and goes Back without checking', () => {
    const { actor } = start({
      ...threeStepQuote(),
      full_name: '',
      email: '',
      mobile_phone: '0803',
    });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'contact' });
    expect(actor.getSnapshot().context.messages).toEqual([
      'Please fill in your name.',
      'Please fill in your email.',
      'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.',
    ]);
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'locations' });
  });

  it('needs a service and the terms box on step 3, and the inspection not after the moving date', () => {
    const { actor } = start({
      ...threeStepQuote(),
      Services: '',
      terms: false,
      date_of_inspection: inDays(11),
      moving_date: inDays(10),
    });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'services' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      Services: ['Choose at least one service.'],
      // The words the page shows, not the constant read back.
      terms: ['Please accept the terms and conditions.'],
      date_of_inspection: ['The inspection must be on or before the moving date.'],
    });
  });

  it('sends the quote without the terms box, keeps the files aside, and leaves with the reference', async () => {
    const video = new File(['v'], 'hall.mp4', { type: 'video/mp4' });
    const submit = vi.fn(async () => ({
      message: 'State service created successfully',
      data: { reference_number: 'RL-ABCDEFGH23' },
    }));
    const { actor, effects } = start(threeStepQuote(), submit);
    actor.send({ type: 'files.add', files: [video] });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    const { terms: _terms, ...quote } = threeStepQuote();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ quote, files: [video] });
    expect(effects.clearDraft).toHaveBeenCalled();
    expect(effects.leave).toHaveBeenCalledWith({
      result: {
        message: 'State service created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    });
  });

  it('keeps everything typed after a failure and shows every message with the quote error', async () => {
    const failure = new ApiError(
      ['The services field is required.', QUOTE_ERROR],
      { Services: ['The services field is required.'] },
      422,
    );
    const { actor, effects } = start(threeStepQuote(), async () => {
      throw failure;
    });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.context.messages.length > 0);
    expect(actor.getSnapshot().value).toEqual({ editing: 'services' });
    expect(actor.getSnapshot().context.values).toEqual(threeStepQuote());
    expect(actor.getSnapshot().context.errors).toEqual({
      Services: ['The services field is required.'],
    });
    expect(effects.notifyErrors).toHaveBeenCalledWith({
      messages: ['The services field is required.', QUOTE_ERROR],
    });
  });

  it('saves a draft on every change and clears a field message when that field changes', () => {
    const { actor, effects } = start(blank);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'field.change', name: 'aptFloor', value: '2nd' });
    expect(actor.getSnapshot().context.errors.aptFloor).toBeUndefined();
    expect(effects.saveDraft).toHaveBeenLastCalledWith({ values: { ...blank, aptFloor: '2nd' } });
  });

  it('keeps several files and removes the one asked for', () => {
    const { actor } = start(blank);
    const files = ['a.jpg', 'b.mp4', 'c.png'].map((name) => new File(['x'], name));
    actor.send({ type: 'files.add', files: files.slice(0, 2) });
    actor.send({ type: 'files.add', files: files.slice(2) });
    actor.send({ type: 'files.remove', index: 1 });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['a.jpg', 'c.png']);
  });
});
