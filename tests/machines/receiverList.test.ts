import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  fieldErrors,
  LANDMARK_MAX,
  MAX_RECEIVERS,
  receiver,
  type Receiver,
} from '../../src/api/contract';
import {
  receiverListMachine,
  type ReceiverField,
  type ReceiversChangedEvent,
} from '../../src/machines/receiverListMachine';
import { inDays } from '../support/api';
import { graphSuite, statePath } from '../support/graph/graph';

/** The dialog's form for a new receiver: every field empty (written out, not read from the machine). */
const emptyReceiver: Receiver = {
  address: '',
  state: '',
  lga: '',
  landmark: '',
  name: '',
  phone: '',
  date: '',
};

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
const fields = Object.keys(ada) as ReceiverField[];

/** Standalone, the list has no parent to tell: `changed` is a stub here. */
const standalone = (changed = vi.fn(), notifyErrors = vi.fn()) =>
  receiverListMachine.provide({
    actions: {
      changed: (_, ...rest) => changed(...rest),
      notifyErrors: (_, params) => notifyErrors(params),
    },
  });

/** How many of the dialog's fields hold a valid value: the entry matters only as that. */
const validFields = (entry: Receiver) =>
  fields.filter((name) => receiver.shape[name].safeParse(entry[name]).success).length;

const effects = { changed: vi.fn(), notifyErrors: vi.fn() };
type Change = EventObject & { name?: ReceiverField; value?: string; index?: unknown };

/** What each press does to the list and the dialog, checked on every generated path. */
function checkStep(actual: AnyMachineSnapshot, event: Change, before: AnyMachineSnapshot) {
  const state = statePath(actual.value);
  const was = before.context;
  const now = actual.context;
  const position = event.index;
  const isReceiverAt =
    typeof position === 'number' &&
    Number.isInteger(position) &&
    position >= 0 &&
    position < was.receivers.length;
  const changedTimes = effects.changed.mock.calls.length;
  switch (event.type) {
    case 'receiver.add':
      expect(state).toBe(was.receivers.length < was.max ? 'dialog.adding' : 'listing');
      expect(now.entry).toEqual(was.entry);
      break;
    case 'receiver.edit':
      if (isReceiverAt) {
        expect(state).toBe('dialog.editing');
        expect(now).toMatchObject({
          entry: was.receivers[position],
          editing: position,
          errors: {},
        });
      } else {
        expect(state).toBe('listing');
        expect(now).toEqual(was);
      }
      break;
    case 'receiver.change': {
      expect(now.entry).toEqual({ ...was.entry, [event.name!]: event.value });
      const { [event.name!]: _typedIn, ...otherErrors } = was.errors;
      expect(now.errors).toEqual(otherErrors);
      break;
    }
    case 'receiver.save': {
      const parsed = receiver.safeParse(was.entry);
      if (parsed.success) {
        expect(state).toBe('listing');
        const saved =
          was.editing === null
            ? [...was.receivers, was.entry]
            : was.receivers.map((entry: Receiver, index: number) =>
                index === was.editing ? was.entry : entry,
              );
        expect(now).toEqual({
          ...was,
          receivers: saved,
          entry: emptyReceiver,
          errors: {},
          editing: null,
          deleted: null,
        });
        expect(changedTimes).toBe(1);
      } else {
        expect(state).toBe(statePath(before.value));
        expect(now.errors).toEqual(fieldErrors(parsed.error));
        expect(effects.notifyErrors.mock.calls.map((call) => call[1])).toEqual([
          { messages: [...new Set(Object.values(now.errors).flat())] },
        ]);
        expect(now.entry).toEqual(was.entry);
        expect(changedTimes).toBe(0);
      }
      break;
    }
    case 'receiver.undo': {
      expect(state).toBe(statePath(before.value));
      const back = was.deleted !== null && was.receivers.length < was.max && state === 'listing';
      if (back) {
        const receivers = [...was.receivers];
        receivers.splice(was.deleted.index, 0, was.deleted.receiver);
        expect(now).toEqual({ ...was, receivers, deleted: null });
      } else expect(now).toEqual(was);
      expect(changedTimes).toBe(back ? 1 : 0);
      break;
    }
    case 'receiver.delete':
      if (isReceiverAt)
        expect(now.deleted).toEqual({ receiver: was.receivers[position], index: position });
      else expect(now.deleted).toEqual(was.deleted);
      expect(state).toBe('listing');
      expect(now.receivers).toEqual(
        isReceiverAt
          ? was.receivers.filter((_: Receiver, index: number) => index !== position)
          : was.receivers,
      );
      expect(changedTimes).toBe(isReceiverAt ? 1 : 0);
      break;
    case 'receiver.cancel':
      expect(state).toBe('listing');
      expect(now.receivers).toEqual(was.receivers);
      expect(now.errors).toEqual({});
      // A new receiver half-typed is kept for the next Add; an edited copy is dropped.
      expect(now.entry).toEqual(was.editing === null ? was.entry : emptyReceiver);
      expect(now.editing).toBeNull();
      break;
  }
  if (event.type !== 'receiver.save') expect(effects.notifyErrors).not.toHaveBeenCalled();
  if (!['receiver.save', 'receiver.delete', 'receiver.undo'].includes(event.type))
    expect(changedTimes).toBe(0);
  Object.values(effects).forEach((spy) => spy.mockClear());
}

graphSuite('receiverListMachine', {
  machine: receiverListMachine.provide({ actions: effects }),
  // An empty list, and a list that is already full (a limit of 2 keeps the graph small).
  inputs: [{ max: 2 }, { max: 2, receivers: [ada, { ...ada, name: 'Chinedu Eze' }] }],
  events: [
    ...fields.map((name) => ({ type: 'receiver.change', name, value: ada[name] })),
    { type: 'receiver.change', name: 'phone', value: '12345' },
    // A landmark note longer than the contract takes (issue 37).
    { type: 'receiver.change', name: 'landmark', value: 'x'.repeat(LANDMARK_MAX + 1) },
    // The first and last positions, one past the end, before the start, and not a position at all.
    { type: 'receiver.edit', index: 0 },
    { type: 'receiver.edit', index: 1 },
    { type: 'receiver.edit', index: 2 },
    { type: 'receiver.edit', index: 0.5 },
    { type: 'receiver.delete', index: 0 },
    { type: 'receiver.delete', index: 1 },
    { type: 'receiver.delete', index: 2 },
    { type: 'receiver.delete', index: -1 },
    { type: 'receiver.delete', index: '0' },
    { type: 'receiver.undo' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      receivers: snapshot.context.receivers.length,
      editing: snapshot.context.editing,
      valid: validFields(snapshot.context.entry),
      errors: Object.keys(snapshot.context.errors).length > 0,
      deleted: snapshot.context.deleted?.index ?? null,
    }),
  check: (actual, _expected, event, before) => checkStep(actual, event as Change, before),
});

describe('receiverListMachine sequences', () => {
  const start = (receivers: Receiver[] = [], max?: number) => {
    const changed = vi.fn();
    const notifyErrors = vi.fn();
    const actor = createActor(standalone(changed, notifyErrors), {
      input: { receivers, max },
    }).start();
    const type = (entry: Receiver) =>
      fields.forEach((name) =>
        actor.send({ type: 'receiver.change', name, value: entry[name] ?? '' }),
      );
    return { actor, changed, notifyErrors, type, context: () => actor.getSnapshot().context };
  };

  it('adds receivers in order and clears the dialog after each Save', () => {
    const list = start();
    list.actor.send({ type: 'receiver.add' });
    list.type(ada);
    list.actor.send({ type: 'receiver.save' });
    expect(list.actor.getSnapshot().value).toBe('listing');
    expect(list.context().entry).toEqual(emptyReceiver);
    list.actor.send({ type: 'receiver.add' });
    expect(list.context().entry).toEqual(emptyReceiver);
    list.type({ ...ada, name: 'Chinedu Eze' });
    list.actor.send({ type: 'receiver.save' });
    expect(list.context().receivers.map((entry) => entry.name)).toEqual(['Ada Obi', 'Chinedu Eze']);
    expect(list.changed).toHaveBeenCalledTimes(2);
  });

  it('edits in place: Save replaces the receiver at its position, Cancel keeps it', () => {
    const list = start([ada, { ...ada, name: 'Chinedu Eze' }, { ...ada, name: 'Bola Ade' }]);
    list.actor.send({ type: 'receiver.edit', index: 1 });
    expect(list.actor.getSnapshot().matches({ dialog: 'editing' })).toBe(true);
    expect(list.context().entry.name).toBe('Chinedu Eze');
    list.actor.send({ type: 'receiver.change', name: 'name', value: 'Chinedu Okafor' });
    list.actor.send({ type: 'receiver.save' });
    expect(list.context().receivers.map((entry) => entry.name)).toEqual([
      'Ada Obi',
      'Chinedu Okafor',
      'Bola Ade',
    ]);

    list.actor.send({ type: 'receiver.edit', index: 2 });
    list.actor.send({ type: 'receiver.change', name: 'name', value: 'Not saved' });
    list.actor.send({ type: 'receiver.cancel' });
    expect(list.context().receivers[2]!.name).toBe('Bola Ade');
    expect(list.context().entry.name).toBe('');
  });

  it('deletes by position and tells its parent', () => {
    const list = start([ada, { ...ada, name: 'Chinedu Eze' }, { ...ada, name: 'Bola Ade' }]);
    list.actor.send({ type: 'receiver.delete', index: 1 });
    expect(list.context().receivers.map((entry) => entry.name)).toEqual(['Ada Obi', 'Bola Ade']);
    expect(list.changed).toHaveBeenCalledTimes(1);
    list.actor.send({ type: 'receiver.delete', index: 5 });
    expect(list.context().receivers).toHaveLength(2);
    expect(list.changed).toHaveBeenCalledTimes(1);
  });

  it('puts the last deleted receiver back where it was with Undo, once, until the list changes', () => {
    const list = start([ada, { ...ada, name: 'Chinedu Eze' }, { ...ada, name: 'Bola Ade' }]);
    list.actor.send({ type: 'receiver.undo' });
    expect(list.changed).not.toHaveBeenCalled();
    list.actor.send({ type: 'receiver.delete', index: 1 });
    expect(list.context().deleted).toEqual({ receiver: { ...ada, name: 'Chinedu Eze' }, index: 1 });
    list.actor.send({ type: 'receiver.undo' });
    expect(list.context().receivers.map((entry) => entry.name)).toEqual([
      'Ada Obi',
      'Chinedu Eze',
      'Bola Ade',
    ]);
    expect(list.context().deleted).toBeNull();
    expect(list.changed).toHaveBeenCalledTimes(2);
    list.actor.send({ type: 'receiver.undo' });
    expect(list.context().receivers).toHaveLength(3);
    // A save after the delete: Undo is gone (the positions mean other receivers now).
    list.actor.send({ type: 'receiver.delete', index: 0 });
    list.actor.send({ type: 'receiver.add' });
    list.type({ ...ada, name: 'Dayo Ola' });
    list.actor.send({ type: 'receiver.save' });
    list.actor.send({ type: 'receiver.undo' });
    expect(list.context().receivers.map((entry) => entry.name)).toEqual([
      'Chinedu Eze',
      'Bola Ade',
      'Dayo Ola',
    ]);
  });

  it('refuses an incomplete receiver, says why, and keeps what was typed', () => {
    const list = start();
    list.actor.send({ type: 'receiver.add' });
    list.actor.send({ type: 'receiver.change', name: 'name', value: 'Ada Obi' });
    list.actor.send({ type: 'receiver.change', name: 'phone', value: '0805' });
    list.actor.send({ type: 'receiver.save' });
    expect(list.actor.getSnapshot().matches({ dialog: 'adding' })).toBe(true);
    expect(list.context().errors).toEqual({
      address: ["Please fill in the receiver's address."],
      phone: ['Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.'],
      date: ['Please choose a delivery date.'],
    });
    expect(list.notifyErrors).toHaveBeenCalledWith({
      messages: [
        "Please fill in the receiver's address.",
        'Enter a Nigerian phone number: 0 and 10 digits, or +234 and 10 digits.',
        'Please choose a delivery date.',
      ],
    });
    expect(list.context().entry).toMatchObject({ name: 'Ada Obi', phone: '0805' });
    list.actor.send({ type: 'receiver.change', name: 'phone', value: '08051234567' });
    expect(list.context().errors.phone).toBeUndefined();
  });

  it('keeps a half-typed new receiver when the dialog is closed', () => {
    const list = start();
    list.actor.send({ type: 'receiver.add' });
    list.actor.send({ type: 'receiver.change', name: 'address', value: '9 Broad Street' });
    list.actor.send({ type: 'receiver.cancel' });
    list.actor.send({ type: 'receiver.add' });
    expect(list.context().entry.address).toBe('9 Broad Street');
  });

  it('starts closed with an empty dialog, keeping at most the limit of the receivers it is given', () => {
    const three = [ada, { ...ada, name: 'Chinedu Eze' }, { ...ada, name: 'Bola Ade' }];
    expect(start(three, 2).context()).toEqual({
      receivers: three.slice(0, 2),
      entry: emptyReceiver,
      errors: {},
      editing: null,
      max: 2,
      deleted: null,
    });
    expect(start(three).context()).toEqual({
      receivers: three,
      entry: emptyReceiver,
      errors: {},
      editing: null,
      max: MAX_RECEIVERS,
      deleted: null,
    });
    expect(
      start(Array.from({ length: MAX_RECEIVERS + 1 }, () => ada)).context().receivers,
    ).toHaveLength(MAX_RECEIVERS);
    const none = createActor(receiverListMachine, { input: {} }).start();
    expect(none.getSnapshot().value).toBe('listing');
    expect(none.getSnapshot().context.receivers).toEqual([]);
  });

  it('tells the bulk delivery it runs in the whole list after every change', () => {
    const heard: ReceiversChangedEvent[] = [];
    const parent = setup({ actors: { receiverList: receiverListMachine } }).createMachine({
      invoke: { id: 'list', src: 'receiverList', input: { receivers: [ada] } },
      on: {
        'receivers.changed': {
          actions: assign(({ event }) => (heard.push(event as ReceiversChangedEvent), {})),
        },
      },
    });
    const actor = createActor(parent).start();
    const list = actor.getSnapshot().children.list!;
    list.send({ type: 'receiver.add' });
    fields.forEach((name) =>
      list.send({
        type: 'receiver.change',
        name,
        value: { ...ada, name: 'Chinedu Eze' }[name] ?? '',
      }),
    );
    list.send({ type: 'receiver.save' });
    list.send({ type: 'receiver.delete', index: 0 });
    expect(heard).toEqual([
      { type: 'receivers.changed', receivers: [ada, { ...ada, name: 'Chinedu Eze' }] },
      { type: 'receivers.changed', receivers: [{ ...ada, name: 'Chinedu Eze' }] },
    ]);
  });

  it('takes at most the limit (MAX_RECEIVERS by default)', () => {
    const full = start(Array.from({ length: 50 }, () => ada));
    expect(full.context().max).toBe(50);
    expect(full.actor.getSnapshot().can({ type: 'receiver.add' })).toBe(false);
    full.actor.send({ type: 'receiver.delete', index: 0 });
    expect(full.actor.getSnapshot().can({ type: 'receiver.add' })).toBe(true);
  });
});
