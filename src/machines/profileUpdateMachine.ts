/**
 * /profile-update (docs/product.md): the form is filled from GET users/profile, then the full
 * name and mobile number are sent as multipart to users/edit/{id}, with a new profile picture
 * when one was chosen (the photo upload holds it and sends the form with it:
 * ./photoUploadMachine.ts). After saving, the form shows what the server stored and the header
 * avatar takes the new image (`imageChanged`).
 *
 * Side effects are provided by the view: `loadProfile`, `saveProfile`, `notifySuccess`,
 * `notifyErrors`, `imageChanged`.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { profileUpdateRequest, type Profile } from '../api/contract/profile';
import { messagesOf } from '../api/errors';
import { edited } from './formFields';
import {
  checkThen,
  failureThen,
  lifecycleActions,
  lifecycleGuards,
  toastMessages,
} from './submitLifecycle';

export interface ProfileValues {
  fullname: string;
  phone: string;
}

type FieldErrors = Record<string, string[]>;

const valuesOf = (profile: Profile): ProfileValues => ({
  fullname: profile.fullname,
  phone: profile.phone,
});

interface ProfileContext {
  values: ProfileValues;
  /** From the profile; the page prefers the email of the session (docs/product.md). */
  email: string;
  /** The stored image's URL, shown until another is picked. */
  currentImage: string | null;
  errors: FieldErrors;
  messages: string[];
}

export const profileUpdateMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as
      | { type: 'field.change'; name: keyof ProfileValues; value: string }
      | { type: 'submit' }
      | { type: 'retry' },
    tags: {} as 'busy',
  },
  actors: {
    loadProfile: providedByView<Profile>('loadProfile'),
    saveProfile: providedByView<Profile, ProfileValues>('saveProfile'),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: () => {},
    imageChanged: (_, _params: { profileImage: string }) => {},
  },
  guards: { ...lifecycleGuards },
}).createMachine({
  id: 'profileUpdate',
  context: {
    values: { fullname: '', phone: '' },
    email: '',
    currentImage: null,
    errors: {},
    messages: [],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            values: valuesOf(event.output),
            email: event.output.email,
            currentImage: event.output.profile_image,
            messages: [],
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: [assign({ messages: ({ event }) => messagesOf(event.error) }), toastMessages],
        },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            edited(context.values, context.errors, event.name, event.value),
          ),
        },
        submit: checkThen('saving', (context: ProfileContext) => ({
          schema: profileUpdateRequest,
          value: context.values,
        })),
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              values: valuesOf(event.output),
              currentImage: event.output.profile_image,
            })),
            'clearFeedback',
            'notifySuccess',
            {
              type: 'imageChanged',
              params: ({ event }) => ({ profileImage: event.output.profile_image ?? '' }),
            },
          ],
        },
        onError: failureThen('editing'),
      },
    },
  },
});
