/**
 * One partner application's status on /staff/applications (new, contacted, hired, rejected):
 * choosing a status saves it at once; while saving the row is busy; a failure keeps the chosen
 * status on screen with the message and a way to try again. The call (`saveStatus`) and the
 * toasts are provided by the view.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { messagesOf } from '../api/errors';

export const applicationStatusMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as { id: number; saved: string; chosen: string; messages: string[] },
    input: {} as { id: number; status: string },
    events: {} as { type: 'status.change'; value: string } | { type: 'retry' },
  },
  actors: {
    saveStatus: providedByView<unknown, { id: number; status: string }>('saveStatus'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
  },
  guards: {
    isNewChoice: ({ context, event }) =>
      event.type === 'status.change' && event.value !== context.saved,
  },
}).createMachine({
  id: 'applicationStatus',
  context: ({ input }) => ({
    id: input.id,
    saved: input.status,
    chosen: input.status,
    messages: [],
  }),
  initial: 'saved',
  states: {
    saved: {
      on: {
        'status.change': {
          guard: 'isNewChoice',
          target: 'saving',
          actions: assign({ chosen: ({ event }) => event.value }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }) => ({ id: context.id, status: context.chosen }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ saved: ({ context }) => context.chosen, messages: [] }),
            {
              type: 'notifySuccess',
              params: ({ context }) => ({ message: `Status saved: ${context.chosen}.` }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ messages: ({ event }) => messagesOf(event.error) }),
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
          ],
        },
      },
    },
    /** The chosen status is not saved: it stays chosen, with the message and Try again. */
    failed: {
      on: {
        'status.change': {
          target: 'saving',
          actions: assign({ chosen: ({ event }) => event.value }),
        },
        retry: 'saving',
      },
    },
  },
});
