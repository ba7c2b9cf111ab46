/**
 * /profile-update (docs/product.md): the form is filled from GET users/profile, then the full
 * name, mobile number and an optional new profile image (images only, 1 MB) are sent as
 * multipart to users/edit/{id}. After saving, the form shows what the server stored and the
 * header avatar takes the new image (`imageChanged`).
 *
 * Side effects are provided by the view: `loadProfile`, `saveProfile`, `notifySuccess`,
 * `notifyErrors`, `imageChanged`.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { profileUpdateRequest, type Profile } from '../api/contract/profile';
import { messagesOf } from '../api/errors';
import { edited, withoutErrorsOf } from './formFields';
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

export interface ProfileChanges {
  values: ProfileValues;
  /** The newly picked image; null keeps the stored one. */
  image: File | null;
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
  image: File | null;
  errors: FieldErrors;
  messages: string[];
}

export const profileUpdateMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as
      | { type: 'field.change'; name: keyof ProfileValues; value: string }
      | { type: 'image.pick'; file: File }
      | { type: 'image.reject'; messages: string[] }
      | { type: 'image.remove' }
      | { type: 'submit' }
      | { type: 'retry' },
    tags: {} as 'busy',
  },
  actors: {
    loadProfile: providedByView<Profile>('loadProfile'),
    saveProfile: providedByView<Profile, ProfileChanges>('saveProfile'),
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
    image: null,
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
        'image.pick': {
          actions: assign(({ context, event }) => ({
            image: event.file,
            errors: withoutErrorsOf(context.errors, 'profile_image'),
          })),
        },
        'image.reject': {
          actions: [
            assign(({ context, event }) => ({
              errors: { ...context.errors, profile_image: event.messages },
              messages: event.messages,
            })),
            toastMessages,
          ],
        },
        'image.remove': {
          actions: assign(({ context }) => ({
            image: null,
            errors: withoutErrorsOf(context.errors, 'profile_image'),
          })),
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
        input: ({ context }) => ({ values: context.values, image: context.image }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              values: valuesOf(event.output),
              currentImage: event.output.profile_image,
              image: null,
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
