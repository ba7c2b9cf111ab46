/**
 * Staff mark a handover made without the code as reviewed, from the Stops part of the staff
 * order page (docs/crews.md, "Needs attention"): one press, no confirmation (reviewing again
 * changes nothing on the server). While it goes the button says so; reviewed, a toast and the
 * page loads the order again (`reviewed`), where the stop no longer waits for review; a failure
 * (a refusal or no answer) keeps its message at the button, toasts it, and the same goes again
 * with `retry`. The call (`review`), the toasts and `reviewed` are provided by the view.
 */
import { assign, setup } from 'xstate';
import { messagesOf } from '../api/errors';
import { providedByView } from './providedByView';
import { toastMessages } from './submitLifecycle';

export interface HandoverReviewInput {
  reference: string;
  /** The stop's id. */
  stopId: string;
}

export interface HandoverReviewContext extends HandoverReviewInput {
  messages: string[];
}

export const handoverReviewMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as HandoverReviewContext,
    input: {} as HandoverReviewInput,
    events: {} as { type: 'review' } | { type: 'retry' },
  },
  actors: {
    review: providedByView<unknown, HandoverReviewInput>('review'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    notifyErrors: (_, _params: { messages: string[] }) => {},
    /** The page shows the order again, as it is now. */
    reviewed: () => {},
  },
}).createMachine({
  id: 'handoverReview',
  context: ({ input }) => ({ reference: input.reference, stopId: input.stopId, messages: [] }),
  initial: 'idle',
  states: {
    idle: { on: { review: 'sending' } },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'review',
        src: 'review',
        input: ({ context }) => ({ reference: context.reference, stopId: context.stopId }),
        onDone: {
          target: 'done',
          actions: [
            assign({ messages: [] }),
            { type: 'notifySuccess', params: { message: 'Handover marked as reviewed.' } },
            'reviewed',
          ],
        },
        onError: {
          target: 'failed',
          actions: [assign({ messages: ({ event }) => messagesOf(event.error) }), toastMessages],
        },
      },
    },
    /** Nothing was marked for sure: its message stays at the button, and the same goes again. */
    failed: { on: { retry: 'sending' } },
    done: { type: 'final' },
  },
});
