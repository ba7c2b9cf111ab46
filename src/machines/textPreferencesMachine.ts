/**
 * The customer's choice of texts about their orders, on /profile-update (docs/using-the-site.md):
 * SMS, WhatsApp, both or neither, for the number on their profile; mail stays for receipts and
 * account codes. The choice loads (`loadPreferences`, GET users/preferences), the customer ticks
 * or unticks a channel, and Save sends both (`savePreferences`, PUT users/preferences). Saved
 * shows what the server kept; a refused or unanswered save keeps the ticks as they were chosen,
 * with the messages under the choice and as toasts, and Save tries again.
 *
 * Side effects are provided by the view: `loadPreferences`, `savePreferences`, `notifySuccess`,
 * `notifyErrors`.
 */
import { assign, setup } from 'xstate';
import type { TextChannel, TextPreferences } from '../api/contract/messages';
import { messagesOf } from '../api/errors';
import { edited, type Errors } from './formFields';
import { providedByView } from './providedByView';
import { failureThen, lifecycleActions, toastMessages } from './submitLifecycle';

interface TextPreferencesContext {
  values: TextPreferences;
  errors: Errors;
  messages: string[];
}

/** A channel ticked or unticked: `on` is whether texts come that way. */
interface ChannelChange {
  channel: TextChannel;
  on: boolean;
}

/** The tick as the event says; it clears that channel's message. */
const tick = {
  type: 'tick' as const,
  params: ({ event }: { event: ChannelChange }) => ({ channel: event.channel, on: event.on }),
};

export const textPreferencesMachine = setup({
  types: {
    context: {} as TextPreferencesContext,
    events: {} as
      ({ type: 'channel.change' } & ChannelChange) | { type: 'submit' } | { type: 'retry' },
    tags: {} as 'busy',
  },
  actors: {
    loadPreferences: providedByView<TextPreferences>('loadPreferences'),
    savePreferences: providedByView<TextPreferences, TextPreferences>('savePreferences'),
  },
  actions: {
    ...lifecycleActions,
    tick: assign<TextPreferencesContext, never, ChannelChange, never, never>(
      ({ context }, { channel, on }) => edited(context.values, context.errors, channel, on),
    ),
    notifySuccess: () => {},
  },
}).createMachine({
  id: 'textPreferences',
  context: { values: { sms: false, whatsapp: false }, errors: {}, messages: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ values: event.output, errors: {}, messages: [] })),
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
        'channel.change': { actions: tick },
        submit: 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: [
            assign({ values: ({ event }) => event.output }),
            'clearFeedback',
            'notifySuccess',
          ],
        },
        onError: failureThen('failed'),
      },
    },
    saved: {
      on: {
        'channel.change': { target: 'editing', actions: tick },
        submit: 'saving',
      },
    },
    failed: {
      on: {
        'channel.change': { target: 'editing', actions: tick },
        submit: 'saving',
      },
    },
  },
});
