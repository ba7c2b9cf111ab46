import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Crew } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { crewEditorMachine, memberForm, NEW_CREW } from '../../src/machines/crewEditorMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const ada = {
  id: 'u1',
  fullname: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+2348031234567',
  is_lead: true,
};
const bayo = { ...ada, id: 'u2', fullname: 'Bayo Ade', email: 'bayo@example.com', is_lead: false };
const van: Crew = { id: 'c1', name: 'Van 1', vehicle: 'van', plate: 'LAG 123 KJ', members: [ada] };
const vanOfTwo: Crew = { ...van, members: [ada, bayo] };
const vanEmpty: Crew = { ...van, members: [] };
const bike: Crew = {
  id: 'c2',
  name: 'Bike 2',
  vehicle: 'motorbike',
  plate: 'LAG 9 AB',
  members: [],
};
const offline = new ApiError(['An error occurred. Please try again.']);
const takenName = new ApiError(
  ['A crew already has this name.'],
  { name: ['A crew already has this name.'] },
  422,
);
const noAccount = new ApiError(
  ['No account has this email.'],
  { email: ['No account has this email.'] },
  422,
);
const effects = recordEffects(['notifyErrors', 'notifySuccess']);

/** How many fields of each form are filled (not which), so the graph stays small. */
const filled = (forms: Record<string, Record<string, string>>) =>
  Object.entries(forms).map(
    ([form, values]) => `${form}:${Object.values(values).filter(Boolean).length}`,
  );

graphSuite('crewEditor', {
  machine: crewEditorMachine,
  events: [
    { type: 'xstate.done.actor.loadCrews', output: [van] },
    { type: 'xstate.error.actor.loadCrews', error: offline },
    { type: 'field.change', form: NEW_CREW, name: 'name', value: 'Bike 2' },
    { type: 'field.change', form: NEW_CREW, name: 'vehicle', value: 'motorbike' },
    { type: 'field.change', form: NEW_CREW, name: 'plate', value: 'LAG 9 AB' },
    { type: 'field.change', form: memberForm('c1'), name: 'email', value: 'bayo@example.com' },
    { type: 'member.add', crewId: 'c1' },
    { type: 'member.remove', crewId: 'c1', memberId: 'u1' },
    { type: 'member.remove', crewId: 'c1', memberId: 'nobody' },
    { type: 'xstate.done.actor.createCrew', output: bike },
    { type: 'xstate.error.actor.createCrew', error: takenName },
    { type: 'xstate.done.actor.addMember', output: vanOfTwo },
    { type: 'xstate.error.actor.addMember', error: noAccount },
    { type: 'xstate.done.actor.removeMember', output: vanEmpty },
    { type: 'xstate.error.actor.removeMember', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      crews: snapshot.context.crews.map((crew: Crew) => `${crew.id}:${crew.members.length}`),
      forms: filled(snapshot.context.forms),
      // Which forms show messages.
      errors: Object.entries(snapshot.context.errors as Record<string, object>)
        .filter(([, errors]) => Object.keys(errors).length > 0)
        .map(([form]) => form),
      removal: snapshot.context.removal?.member.id ?? null,
    }),
  implementations: { actions: effects.actions },
  // The crews load (or fail, to retry); then the list with its forms, each change sent with its progress.
  states: {
    loading: ['busy'],
    failed: [],
    'ready.idle': [],
    'ready.creating': ['busy'],
    'ready.addingMember': ['busy'],
    'ready.confirmingRemoval': [],
    'ready.removingMember': ['busy'],
  },
  offers: {
    loading: [],
    failed: ['retry'],
    'ready.idle': ['field.change', 'crew.create', 'member.add', 'member.remove'],
    'ready.creating': [],
    'ready.addingMember': [],
    'ready.confirmingRemoval': ['confirm', 'back'],
    'ready.removingMember': [],
  },
  checkInput: (id, input, snapshot) => {
    if (id === 'createCrew')
      expect(input).toEqual({ name: 'Bike 2', vehicle: 'motorbike', plate: 'LAG 9 AB' });
    if (id === 'addMember') expect(input).toEqual({ crewId: 'c1', email: 'bayo@example.com' });
    if (id === 'removeMember')
      expect(input).toEqual({ crewId: 'c1', memberId: snapshot.context.removal.member.id });
  },
  check: (actual, _expected, event, before) => {
    const { crews, forms, errors, removal } = actual.context;
    const done = effects.take();
    switch (event.type) {
      case 'xstate.done.actor.loadCrews':
        expect(crews).toEqual([van]);
        break;
      case 'xstate.error.actor.loadCrews':
        expect(actual.context.messages).toEqual(offline.messages);
        break;
      case 'field.change': {
        const { form, name, value } = event as unknown as Record<string, string>;
        expect(forms[form!][name!]).toBe(value);
        expect(errors[form!]?.[name!]).toBeUndefined();
        break;
      }
      case 'crew.create':
      case 'member.add': {
        const form =
          event.type === 'crew.create'
            ? NEW_CREW
            : memberForm((event as unknown as { crewId: string }).crewId);
        if (actual.matches({ ready: 'idle' })) {
          // Refused by the contract's schema: the messages at the fields and as toasts, nothing sent.
          expect(Object.keys(errors[form]).length).toBeGreaterThan(0);
          expect(done).toEqual([
            ['notifyErrors', { messages: [...new Set(Object.values(errors[form]).flat())] }],
          ]);
        } else {
          expect(errors[form]).toEqual({});
          expect(done).toEqual([]);
        }
        break;
      }
      case 'xstate.done.actor.createCrew':
        // Added last; the same crew answered again stays in its place.
        expect(crews.map((crew: Crew) => crew.id)).toEqual(['c1', 'c2']);
        expect(crews.at(-1)).toEqual(bike);
        expect(forms[NEW_CREW]).toBeUndefined();
        expect(done).toEqual([['notifySuccess', { message: 'Crew Bike 2 made.' }]]);
        break;
      case 'xstate.error.actor.createCrew':
        // What was typed stays, with the server's reason at its field.
        expect(forms[NEW_CREW]).toEqual(before.context.forms[NEW_CREW]);
        expect(errors[NEW_CREW]).toEqual(takenName.fields);
        expect(done).toEqual([['notifyErrors', { messages: takenName.messages }]]);
        break;
      case 'xstate.done.actor.addMember':
        expect(crews.find((crew: Crew) => crew.id === 'c1')).toEqual(vanOfTwo);
        expect(forms[memberForm('c1')]).toBeUndefined();
        expect(done).toEqual([['notifySuccess', { message: 'Member added to Van 1.' }]]);
        break;
      case 'xstate.error.actor.addMember':
        expect(forms[memberForm('c1')]).toEqual({ email: 'bayo@example.com' });
        expect(errors[memberForm('c1')]).toEqual(noAccount.fields);
        expect(done).toEqual([['notifyErrors', { messages: noAccount.messages }]]);
        break;
      case 'member.remove':
        if (actual.matches({ ready: 'confirmingRemoval' }))
          expect(removal).toEqual({ crewId: 'c1', member: ada });
        else expect(removal).toBeNull();
        break;
      case 'back':
        expect(removal).toBeNull();
        expect(crews).toEqual(before.context.crews);
        break;
      case 'xstate.done.actor.removeMember':
        expect(crews.find((crew: Crew) => crew.id === 'c1')).toEqual(vanEmpty);
        expect(removal).toBeNull();
        expect(done).toEqual([['notifySuccess', { message: 'Ada Obi removed.' }]]);
        break;
      case 'xstate.error.actor.removeMember':
        expect(crews).toEqual(before.context.crews);
        expect(removal).toBeNull();
        expect(done).toEqual([['notifyErrors', { messages: offline.messages }]]);
        break;
    }
  },
});

describe('crewEditor', () => {
  it('starts with no crews and empty forms', () => {
    expect(createActor(crewEditorMachine).getSnapshot().context).toEqual({
      crews: [],
      forms: {},
      errors: {},
      removal: null,
      addingTo: null,
      messages: [],
    });
  });

  it("sends the email trimmed, to the crew whose form it is, and empties only that crew's form", async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      crewEditorMachine.provide({
        actors: {
          loadCrews: fromPromise(async () => [van, bike]),
          addMember: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...bike, members: [bayo] };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'field.change', form: memberForm('c1'), name: 'email', value: 'x@y.ng' });
    actor.send({
      type: 'field.change',
      form: memberForm('c2'),
      name: 'email',
      value: ' bayo@example.com ',
    });
    actor.send({ type: 'member.add', crewId: 'c2' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(sent).toEqual([{ crewId: 'c2', email: 'bayo@example.com' }]);
    expect(actor.getSnapshot().context.forms).toEqual({ [memberForm('c1')]: { email: 'x@y.ng' } });
    expect(actor.getSnapshot().context.crews[1]!.members).toEqual([bayo]);
  });
});
