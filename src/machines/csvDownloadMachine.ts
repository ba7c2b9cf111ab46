/**
 * A CSV download that needs the staff session (the newsletter subscribers): the file is fetched
 * with the token, then handed to the browser to save. Busy while it comes; a failure is a
 * message and a toast, and the button works again. `download` (fetch and save) and the toasts
 * are provided by the view.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import { messagesOf } from '../api/errors';

export const csvDownloadMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as { messages: string[] },
    events: {} as { type: 'download' },
  },
  actors: {
    download: providedByView<void>('download'),
  },
  actions: {
    notifyErrors: (_, _params: { messages: string[] }) => {},
  },
}).createMachine({
  id: 'csvDownload',
  context: { messages: [] },
  initial: 'ready',
  states: {
    ready: {
      on: { download: 'downloading' },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        onDone: { target: 'ready', actions: assign({ messages: [] }) },
        onError: {
          target: 'ready',
          actions: [
            assign({ messages: ({ event }) => messagesOf(event.error) }),
            { type: 'notifyErrors', params: ({ context }) => ({ messages: context.messages }) },
          ],
        },
      },
    },
  },
});
