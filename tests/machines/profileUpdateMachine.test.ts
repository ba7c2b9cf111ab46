import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileUpdateRequest, type Profile } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { profileUpdateMachine, type ProfileValues } from '../../src/machines/profileUpdateMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const recorded = recordEffects(['notifySuccess', 'notifyErrors', 'imageChanged']);

const stored: Profile = {
  id: '0b9d2c5e-8f4a-4e51-9c1e-3f2a7d6b8e10',
  fullname: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  profile_image: null,
  role: 'customer',
};
const saved: Profile = {
  ...stored,
  profile_image: '/uploads/0123456789abcdef0123456789abcdef.png',
};
const notAnImage = new ApiError(
  ['File type must be an image: PNG, JPEG, WebP or GIF.'],
  {
    profile_image: ['File type must be an image: PNG, JPEG, WebP or GIF.'],
  },
  422,
);

graphSuite('profileUpdate', {
  machine: profileUpdateMachine,
  events: [
    { type: 'xstate.done.actor.loadProfile', output: stored },
    {
      type: 'xstate.error.actor.loadProfile',
      error: new ApiError(['An error occurred. Please try again.']),
    },
    { type: 'field.change', name: 'phone', value: '08051234567' },
    { type: 'field.change', name: 'phone', value: '12345' },
    { type: 'xstate.done.actor.saveProfile', output: saved },
    { type: 'xstate.error.actor.saveProfile', error: notAnImage },
  ],
  // What matters: the state, whether the form would pass, which fields carry messages, the stored image.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      valid: profileUpdateRequest.safeParse(snapshot.context.values).success,
      errors: Object.keys(snapshot.context.errors).sort(),
      stored: snapshot.context.currentImage,
    }),
  implementations: { actions: recorded.actions },
  // Loading the profile, a failed load to retry, the form, and saving.
  states: { loading: ['busy'], loadFailed: [], editing: [], saving: ['busy'] },
  offers: {
    loading: [],
    loadFailed: ['retry'],
    editing: ['field.change', 'submit'],
    saving: [],
  },
  checkInput: (id, input, snapshot) => {
    if (id === 'saveProfile') expect(input).toEqual(snapshot.context.values);
  },
  check: (actual, _expected, event, before) => {
    const effects = recorded.take();
    const { values, errors, messages, currentImage, email } = actual.context;
    const was = before.context;
    switch (event.type) {
      case 'xstate.done.actor.loadProfile':
        expect(actual.value).toBe('editing');
        expect(values).toEqual({ fullname: stored.fullname, phone: stored.phone });
        expect(email).toBe(stored.email);
        expect(currentImage).toBe(stored.profile_image);
        expect(messages).toEqual([]);
        break;
      case 'xstate.error.actor.loadProfile':
        expect(actual.value).toBe('loadFailed');
        expect(messages).toEqual(['An error occurred. Please try again.']);
        expect(effects).toEqual([['notifyErrors', { messages }]]);
        break;
      case 'retry':
        expect(actual.value).toBe('loading');
        break;
      case 'field.change': {
        const { name, value } = event as unknown as { name: 'phone'; value: string };
        expect(values).toEqual({ ...was.values, [name]: value });
        // Typing clears that field's message.
        expect(errors[name]).toBeUndefined();
        break;
      }
      case 'submit':
        if (profileUpdateRequest.safeParse(was.values).success) {
          expect(actual.value).toBe('saving');
          expect(effects).toEqual([]);
        } else {
          expect(actual.value).toBe('editing');
          expect(Object.keys(errors)).toContain('phone');
          expect(effects).toEqual([['notifyErrors', { messages: actual.context.messages }]]);
        }
        break;
      case 'xstate.done.actor.saveProfile':
        expect(actual.value).toBe('editing');
        expect(values).toEqual({ fullname: saved.fullname, phone: saved.phone });
        expect(currentImage).toBe(saved.profile_image);
        expect(errors).toEqual({});
        expect(messages).toEqual([]);
        expect(effects).toEqual([
          ['notifySuccess', null],
          ['imageChanged', { profileImage: saved.profile_image }],
        ]);
        break;
      case 'xstate.error.actor.saveProfile':
        expect(actual.value).toBe('editing');
        expect(values).toEqual(was.values);
        expect(errors).toEqual(notAnImage.fields);
        expect(effects).toEqual([['notifyErrors', { messages: notAnImage.messages }]]);
        break;
    }
  },
});

it('starts empty until the profile loads', () => {
  expect(createActor(profileUpdateMachine).getSnapshot().context).toEqual({
    values: { fullname: '', phone: '' },
    email: '',
    currentImage: null,
    errors: {},
    messages: [],
  });
});

describe('profileUpdate', () => {
  function start(save: (values: ProfileValues) => Promise<Profile>) {
    const effects = { notifySuccess: vi.fn(), notifyErrors: vi.fn(), imageChanged: vi.fn() };
    const actor = createActor(
      profileUpdateMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => stored),
          saveProfile: fromPromise(({ input }) => save(input)),
        },
        actions: {
          notifySuccess: () => effects.notifySuccess(),
          notifyErrors: (_, params) => effects.notifyErrors(params),
          imageChanged: (_, params) => effects.imageChanged(params),
        },
      }),
    ).start();
    return { actor, effects };
  }

  it('fills the form from the stored profile', async () => {
    const { actor } = start(async () => saved);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      values: { fullname: 'Ada Obi', phone: '08031234567' },
      email: 'ada@example.com',
      currentImage: null,
    });
  });

  it('sends the values, then shows the stored image and tells the header', async () => {
    const save = vi.fn(async () => saved);
    const { actor, effects } = start(save);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'field.change', name: 'fullname', value: 'Ada N. Obi' });
    actor.send({ type: 'submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && snapshot.context.currentImage !== null,
    );
    expect(save).toHaveBeenCalledWith({ fullname: 'Ada N. Obi', phone: '08031234567' });
    expect(actor.getSnapshot().context.currentImage).toBe(saved.profile_image);
    expect(effects.notifySuccess).toHaveBeenCalledTimes(1);
    expect(effects.imageChanged).toHaveBeenCalledWith({ profileImage: saved.profile_image });
  });

  it('keeps the typed values when the server refuses them, its messages under their fields', async () => {
    const { actor, effects } = start(async () => {
      throw notAnImage;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'field.change', name: 'phone', value: '08059999999' });
    actor.send({ type: 'submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && snapshot.context.messages.length > 0,
    );
    expect(actor.getSnapshot().context).toMatchObject({ values: { phone: '08059999999' } });
    expect(actor.getSnapshot().context.errors.profile_image).toEqual(notAnImage.messages);
    expect(effects.notifyErrors).toHaveBeenCalledWith({ messages: notAnImage.messages });
  });
});
