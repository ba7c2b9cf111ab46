/**
 * The private tracking page `/t/<token>` (docs/using-the-site.md): the link a text carries, opened
 * with no login. It loads what that link may show (`loadTrackLink`, GET track-links/{token}) and
 * shows it; a link the server does not know or no longer honours (404, or 410 once void 14 days
 * after the order ended) says so and points to the home page and public tracking; a load that got
 * no answer says so, with Try again. Stopping texts to the link's number is its own flow
 * (optOutMachine), started by the page once the order shows. The page draws each snapshot with
 * the DOM, without React, to stay light (docs/decisions/018-light-tracking-link-page.md).
 */
import { assign, setup } from 'xstate';
import type { TrackLinkView } from '../api/contract/messages';
import { isApiError, messagesOf } from '../api/errors';
import { providedByView } from './providedByView';

/** A link no order answers to: never issued, mistyped, or void (410 Gone). */
const isUnknownLink = ({ event }: { event: unknown }) => {
  const { error } = event as { error?: unknown };
  return isApiError(error) && (error.status === 404 || error.status === 410);
};

export const trackLinkMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as { token: string; view: TrackLinkView | null; messages: string[] },
    input: {} as { token: string },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadTrackLink: providedByView<TrackLinkView, string>('loadTrackLink'),
  },
  guards: { isUnknownLink },
}).createMachine({
  id: 'trackLink',
  context: ({ input }) => ({ token: input.token, view: null, messages: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTrackLink',
        src: 'loadTrackLink',
        input: ({ context }) => context.token,
        onDone: {
          target: 'shown',
          actions: assign({ view: ({ event }) => event.output, messages: [] }),
        },
        onError: [
          {
            guard: 'isUnknownLink',
            target: 'unknown',
            actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
          },
          {
            target: 'failed',
            actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
          },
        ],
      },
    },
    shown: {},
    unknown: {},
    failed: { on: { retry: 'loading' } },
  },
});
