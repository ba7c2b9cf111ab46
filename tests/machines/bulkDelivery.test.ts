import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bulkDeliveryRequest, type Receiver } from '../../src/api/contract';
import { ApiError, networkFailure } from '../../src/api/errors';
import {
  bulkDeliveryMachine,
  emptyBulkSender,
  type BulkSender,
} from '../../src/machines/bulkDeliveryMachine';
import { inDays } from '../support/api';
import {
  graphSuite,
  refusedSubmit,
  submissionKeys,
  unansweredSubmit,
} from '../support/graph/graph';
import { formFlowChecks } from '../support/graph/formFlowSuite';

type BulkContext = { values: BulkSender; receivers: Receiver[]; errors: Record<string, string[]> };

const ada: Receiver = {
  address: '1 Marina Road, Lagos Island',
  // No place chosen: the price preview's state and LGA are optional (docs/prices.md).
  state: '',
  lga: '',
  landmark: 'Opposite Total filling station, blue gate',
  name: 'Ada Obi',
  phone: '08051234567',
  date: inDays(2),
};
const sender: BulkSender = {
  pickup_address: '12 Admiralty Way, Lekki, Lagos',
  sender_fullname: 'Bola Ade',
  sender_number: '08031234567',
  pickup_date: inDays(1),
  description: 'Office supplies',
};
const effects = () => ({
  notifySuccess: vi.fn(),
  notifyErrors: vi.fn(),
  saveDraft: vi.fn(),
  clearDraft: vi.fn(),
  leave: vi.fn(),
});

graphSuite('bulkDeliveryMachine', {
  machine: bulkDeliveryMachine,
  // A fresh form, and one restored from a draft with a receiver already on the list.
  inputs: [
    {
      values: { ...sender, description: '' },
      receivers: [],
      redirectDelay: 3000,
      newSubmissionKey: submissionKeys(),
    },
    { values: sender, receivers: [ada], redirectDelay: 3000, newSubmissionKey: submissionKeys() },
  ],
  events: [
    { type: 'field.change', name: 'description', value: 'Office supplies' },
    { type: 'field.change', name: 'description', value: '' },
    { type: 'receivers.changed', receivers: [ada] },
    { type: 'receivers.changed', receivers: [] },
    {
      type: 'xstate.done.actor.submit',
      output: {
        message: 'Bulk Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    },
    {
      type: 'xstate.error.actor.submit',
      error: new ApiError(
        ['Receiver 1: delivery cannot be before pickup.'],
        { 'receiver_details.0.date': ['Receiver 1: delivery cannot be before pickup.'] },
        422,
      ),
    },
    refusedSubmit,
    unansweredSubmit,
  ],
  // The booking matters only as valid or not, and by how many receivers it has.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: bulkDeliveryRequest.safeParse({
        ...snapshot.context.values,
        receiver_details: snapshot.context.receivers,
      }).success,
      receivers: snapshot.context.receivers.length,
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
  ...formFlowChecks({
    id: 'bulkDelivery',
    schema: bulkDeliveryRequest,
    request: (context) => {
      const { values, receivers } = context as BulkContext;
      return { ...values, receiver_details: receivers };
    },
    typed: (context) => {
      const { values, receivers } = context as BulkContext;
      return { values, receivers };
    },
    otherEvent: ({ event, was, now, from, state, calls, noCalls }) => {
      if (event.type === 'receivers.changed') {
        const { values, errors } = was as BulkContext;
        const receivers = event.receivers as Receiver[];
        // Messages about the receivers go stale with the list; the sender's stay.
        const senderErrors = Object.fromEntries(
          Object.entries(errors).filter(([key]) => !key.startsWith('receiver_details')),
        );
        expect(state).toBe(from);
        expect(now).toEqual({ ...was, receivers, errors: senderErrors });
        const draft = was.submissionKey
          ? { values, receivers, submissionKey: was.submissionKey }
          : { values, receivers };
        expect(calls, 'the draft keeps the new list').toEqual({ ...noCalls, saveDraft: [draft] });
        return true;
      }
      if (event.type.startsWith('receiver.')) {
        // For the list (a child machine, stubbed here): the form itself does not change.
        expect(state).toBe(from);
        expect(now).toEqual(was);
        expect(calls).toEqual(noCalls);
        return true;
      }
      return false;
    },
  }),
});

describe('bulkDeliveryMachine with its receiver list', () => {
  function start(submit: (request: unknown) => Promise<unknown>, values: BulkSender = sender) {
    const done = effects();
    /** The Idempotency-Key of each call, in order. */
    const keys: string[] = [];
    const actor = createActor(
      bulkDeliveryMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => {
            keys.push(input.submissionKey);
            return submit(input.request);
          }),
        },
        actions: {
          notifySuccess: (_, params) => done.notifySuccess(params),
          notifyErrors: (_, params) => done.notifyErrors(params),
          saveDraft: (_, params) => done.saveDraft(params),
          clearDraft: () => done.clearDraft(),
          leave: (_, params) => done.leave(params),
        },
      }),
      { input: { values, receivers: [], redirectDelay: 1, newSubmissionKey: submissionKeys() } },
    ).start();
    const addReceiver = (entry: Receiver) => {
      actor.send({ type: 'receiver.add' });
      for (const [name, value] of Object.entries(entry))
        actor.send({ type: 'receiver.change', name: name as keyof Receiver, value });
      actor.send({ type: 'receiver.save' });
    };
    const list = () => actor.getSnapshot().children.receivers!.getSnapshot();
    return { actor, effects: done, addReceiver, list, keys };
  }

  it('a blank form has every sender field of the contract, each empty (the draft is read through it)', () => {
    const senderFields = Object.keys(bulkDeliveryRequest.shape).filter(
      (key) => key !== 'receiver_details',
    );
    expect(emptyBulkSender).toEqual(Object.fromEntries(senderFields.map((key) => [key, ''])));
  });

  it('starts with what it is given, and gives the list its receivers and its limit', () => {
    const actor = createActor(bulkDeliveryMachine, {
      input: { values: sender, receivers: [ada], newSubmissionKey: submissionKeys() },
    }).start();
    const { newSubmissionKey: _factory, ...context } = actor.getSnapshot().context;
    expect(context).toEqual({
      values: sender,
      receivers: [ada],
      errors: {},
      messages: [],
      result: null,
      redirectDelay: 3000,
      maxReceivers: 50,
      submissionKey: null,
    });
    expect(actor.getSnapshot().children.receivers!.getSnapshot().context).toMatchObject({
      receivers: [ada],
      max: 50,
    });
    const restored = createActor(bulkDeliveryMachine, {
      input: {
        values: sender,
        receivers: [ada, ada],
        newSubmissionKey: submissionKeys(),
        redirectDelay: 1000,
        maxReceivers: 1,
        submissionKey: 'held',
      },
    }).start();
    expect(restored.getSnapshot().context).toMatchObject({
      redirectDelay: 1000,
      maxReceivers: 1,
      submissionKey: 'held',
    });
    expect(restored.getSnapshot().children.receivers!.getSnapshot().context).toMatchObject({
      receivers: [ada],
      max: 1,
    });
  });

  it('refuses a booking without receivers and says so', () => {
    const submit = vi.fn();
    const { actor, effects: done } = start(submit);
    actor.send({ type: 'submit' });
    expect(submit).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors.receiver_details).toEqual([
      'Add at least one receiver.',
    ]);
    expect(done.notifyErrors).toHaveBeenCalledWith({ messages: ['Add at least one receiver.'] });
  });

  it('sends the receivers the list holds after adding, editing and deleting, once', async () => {
    const submit = vi.fn(async () => ({
      message: 'Bulk Delivery created successfully',
      data: { reference_number: 'RL-ABCDEFGH23' },
    }));
    const { actor, effects: done, addReceiver } = start(submit);
    addReceiver(ada);
    addReceiver({ ...ada, name: 'Chinedu Eze' });
    addReceiver({ ...ada, name: 'Bola Ade' });
    actor.send({ type: 'receiver.edit', index: 0 });
    actor.send({ type: 'receiver.change', name: 'name', value: 'Ada Okafor' });
    actor.send({ type: 'receiver.save' });
    actor.send({ type: 'receiver.delete', index: 1 });
    expect(done.saveDraft).toHaveBeenLastCalledWith({
      values: sender,
      receivers: [
        { ...ada, name: 'Ada Okafor' },
        { ...ada, name: 'Bola Ade' },
      ],
    });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({
      ...sender,
      receiver_details: [
        { ...ada, name: 'Ada Okafor' },
        { ...ada, name: 'Bola Ade' },
      ],
    });
    expect(done.clearDraft).toHaveBeenCalled();
    expect(done.leave).toHaveBeenCalledWith({
      result: {
        message: 'Bulk Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      },
    });
  });

  it('ignores receiver changes while the booking is being sent', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, addReceiver, list } = start(() => new Promise((resolve) => (answer = resolve)));
    addReceiver(ada);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'receiver.delete', index: 0 });
    expect(list().context.receivers).toHaveLength(1);
    answer({
      message: 'Bulk Delivery created successfully',
      data: { reference_number: 'RL-ABCDEFGH23' },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
  });

  it('keeps the sender fields and the receivers when the server refuses, with its messages', async () => {
    const refusal = new ApiError(
      ['Receiver 1: delivery cannot be before pickup.'],
      { 'receiver_details.0.date': ['Receiver 1: delivery cannot be before pickup.'] },
      422,
    );
    const {
      actor,
      effects: done,
      addReceiver,
      list,
    } = start(async () => {
      throw refusal;
    });
    addReceiver(ada);
    actor.send({ type: 'submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && snapshot.context.messages.length > 0,
    );
    expect(actor.getSnapshot().context.values).toEqual(sender);
    expect(list().context.receivers).toEqual([ada]);
    expect(actor.getSnapshot().context.errors).toEqual(refusal.fields);
    expect(done.notifyErrors).toHaveBeenCalledWith({ messages: refusal.messages });
    // Editing the receivers makes the messages about them stale.
    actor.send({ type: 'receiver.edit', index: 0 });
    actor.send({ type: 'receiver.change', name: 'date', value: inDays(3) });
    actor.send({ type: 'receiver.save' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('checks each receiver against the pickup date before sending', () => {
    const submit = vi.fn();
    const { actor, addReceiver } = start(submit, { ...sender, pickup_date: inDays(5) });
    addReceiver(ada);
    actor.send({ type: 'submit' });
    expect(submit).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors).toEqual({
      'receiver_details.0.date': ['Receiver 1: delivery cannot be before pickup.'],
    });
  });

  it('resends the same Idempotency-Key after no answer, and a new one after the next booking is refused', async () => {
    const failures = [
      networkFailure(),
      new ApiError(['The pickup date must be today or later.'], {}, 422),
    ];
    const {
      actor,
      effects: done,
      addReceiver,
      keys,
    } = start(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return {
        message: 'Bulk Delivery created successfully',
        data: { reference_number: 'RL-ABCDEFGH23' },
      };
    });
    addReceiver(ada);
    const press = async () => {
      actor.send({ type: 'submit' });
      await waitFor(actor, (snapshot) => !snapshot.matches('submitting'));
    };
    await press();
    expect(done.saveDraft).toHaveBeenLastCalledWith({
      values: sender,
      receivers: [ada],
      submissionKey: 'key-1',
    });
    await press();
    await press();
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
    expect(actor.getSnapshot().context.submissionKey).toBeNull();
    expect(done.clearDraft).toHaveBeenCalled();
  });
});
