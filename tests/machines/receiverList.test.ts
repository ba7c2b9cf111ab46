import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { receiver, type Receiver } from '../../src/api/contract';
import { receiverListMachine, type ReceiverField } from '../../src/machines/receiverListMachine';
import { inDays } from '../api/helpers';
import { graphSuite } from './graph';

const ada: Receiver = { address: '1 Marina Road, Lagos Island', name: 'Ada Obi', phone: '08051234567', date: inDays(2) };
const fields = Object.keys(ada) as ReceiverField[];

/** Standalone, the list has no parent to tell: `changed` is a stub here. */
const standalone = (changed = vi.fn(), notifyErrors = vi.fn()) =>
  receiverListMachine.provide({ actions: { changed: (_, ...rest) => changed(...rest), notifyErrors: (_, params) => notifyErrors(params) } });

/** How many of the dialog's fields hold a valid value: the entry matters only as that. */
const validFields = (entry: Receiver) =>
  fields.filter((name) => receiver.shape[name].safeParse(entry[name]).success).length;

graphSuite('receiverListMachine', {
  machine: standalone(),
  // An empty list, and a list that is already full (a limit of 2 keeps the graph small).
  inputs: [{ max: 2 }, { max: 2, receivers: [ada, { ...ada, name: 'Chinedu Eze' }] }],
  events: [
    ...fields.map((name) => ({ type: 'receiver.change', name, value: ada[name] })),
    { type: 'receiver.change', name: 'phone', value: '12345' },
    { type: 'receiver.edit', index: 0 },
    { type: 'receiver.edit', index: 7 },
    { type: 'receiver.delete', index: 0 },
    { type: 'receiver.delete', index: -1 },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      receivers: snapshot.context.receivers.length,
      editing: snapshot.context.editing,
      valid: validFields(snapshot.context.entry),
      errors: Object.keys(snapshot.context.errors).length > 0,
    }),
});

describe('receiverListMachine sequences', () => {
  const start = (receivers: Receiver[] = [], max?: number) => {
    const changed = vi.fn();
    const notifyErrors = vi.fn();
    const actor = createActor(standalone(changed, notifyErrors), { input: { receivers, max } }).start();
    const type = (entry: Receiver) =>
      fields.forEach((name) => actor.send({ type: 'receiver.change', name, value: entry[name] ?? '' }));
    return { actor, changed, notifyErrors, type, context: () => actor.getSnapshot().context };
  };

  it('adds receivers in order and clears the dialog after each Save', () => {
    const list = start();
    list.actor.send({ type: 'receiver.add' });
    list.type(ada);
    list.actor.send({ type: 'receiver.save' });
    expect(list.actor.getSnapshot().value).toBe('listing');
    expect(list.context().entry).toEqual({ address: '', name: '', phone: '', date: '' });
    list.actor.send({ type: 'receiver.add' });
    expect(list.context().entry).toEqual({ address: '', name: '', phone: '', date: '' });
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
    expect(list.context().receivers.map((entry) => entry.name)).toEqual(['Ada Obi', 'Chinedu Okafor', 'Bola Ade']);

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

  it('takes at most the limit (MAX_RECEIVERS by default)', () => {
    const full = start(Array.from({ length: 50 }, () => ada));
    expect(full.context().max).toBe(50);
    expect(full.actor.getSnapshot().can({ type: 'receiver.add' })).toBe(false);
    full.actor.send({ type: 'receiver.delete', index: 0 });
    expect(full.actor.getSnapshot().can({ type: 'receiver.add' })).toBe(true);
  });
});
