/**
 * The footer's newsletter form: the visitor types an email, it is sent once, and the form says
 * it worked or why not. The `subscribe` actor is provided by the view and rejects with the
 * messages to show, so this file (loaded on every page) needs neither the API client nor zod.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';

export interface NewsletterFailure {
  messages: string[];
}

const fallbackMessage = 'An error occurred. Please try again.';

const messagesOf = (error: unknown): string[] => {
  const messages = (error as Partial<NewsletterFailure> | null)?.messages;
  return Array.isArray(messages) && messages.length ? messages : [fallbackMessage];
};

export const newsletterMachine = setup({
  types: {
    context: {} as { email: string; messages: string[] },
    events: {} as { type: 'email.change'; value: string } | { type: 'submit' },
    tags: {} as 'busy',
  },
  actors: {
    subscribe: providedByView<unknown, { email: string }>('subscribe'),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim() !== '',
  },
}).createMachine({
  id: 'newsletter',
  context: { email: '', messages: [] },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: assign({ email: ({ event }) => event.value, messages: [] }) },
        submit: [
          { guard: 'hasEmail', target: 'submitting' },
          { actions: assign({ messages: ['Please enter your email.'] }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'subscribed' },
        onError: {
          target: 'editing',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    subscribed: { type: 'final' },
  },
});
