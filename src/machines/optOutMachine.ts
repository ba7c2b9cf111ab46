/**
 * "Stop texts" on the private tracking page `/t/<token>` (docs/using-the-site.md): the link's
 * number stops getting texts about orders (but the handover code of a delivery it receives). The
 * page starts it once the order shows, saying whether the number has already opted out. Stopping
 * asks first (Stop texts → Yes, stop texts, or Keep texts), then sends (`optOut`, POST
 * track-links/{token}/opt-out); a failure says why, with Try again. After it, or when the number had
 * already opted out, the page says that texts are stopped. `optOut` is provided by the view.
 */
import { assign, setup } from 'xstate';
import { messagesOf } from '../api/errors';
import { providedByView } from './providedByView';

export const optOutMachine = setup({
  types: {
    tags: {} as 'busy',
    /** `optedOutBefore`: the number had opted out when the page loaded. */
    context: {} as { token: string; optedOutBefore: boolean; messages: string[] },
    input: {} as { token: string; optedOut: boolean },
    events: {} as { type: 'optOut.ask' } | { type: 'optOut.confirm' } | { type: 'optOut.cancel' },
  },
  actors: {
    optOut: providedByView<unknown, string>('optOut'),
  },
  guards: {
    optedOutBefore: ({ context }) => context.optedOutBefore,
  },
}).createMachine({
  id: 'optOut',
  context: ({ input }) => ({
    token: input.token,
    optedOutBefore: input.optedOut,
    messages: [],
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'optedOutBefore', target: 'alreadyOptedOut' }, { target: 'offered' }],
    },
    offered: {
      on: { 'optOut.ask': 'confirming' },
    },
    confirming: {
      on: { 'optOut.confirm': 'sending', 'optOut.cancel': 'offered' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'optOut',
        src: 'optOut',
        input: ({ context }) => context.token,
        onDone: { target: 'optedOut', actions: assign({ messages: [] }) },
        onError: {
          target: 'failed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    failed: {
      on: { 'optOut.confirm': 'sending', 'optOut.cancel': 'offered' },
    },
    optedOut: {},
    alreadyOptedOut: {},
  },
});
