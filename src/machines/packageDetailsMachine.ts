/**
 * /package-details (docs/product.md): one shipment's progress, by the reference in the URL so a
 * reload or a shared link shows it too. A result carried from /track is shown at once and
 * quietly looked up again; a reference alone is looked up first. The lookup is provided by the
 * view (`lookUp`), as are the toasts (`notifyErrors`).
 *
 * Seen before (issue 38): every result found is handed to `remember` (the view keeps the last one
 * on the phone). Given the result last seen for this reference (`lastSeen`), the page shows it at
 * once, marked with when it was fetched (`asOf`), while the newest status is fetched, as a result
 * carried from /track is; when that gets no answer, the phone is offline: the result last seen,
 * "Offline — as of 14:05", and Try again.
 *
 * Answered already (issue 38): the page's HTML asked for the status while the app downloaded
 * (src/api/earlyTracking.ts); when that answer is in as the page starts (`answered`), it is the
 * newest status: the page starts showing it, kept as the last seen, with nothing to look up.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { TrackingResult } from '../api/contract/bookings';
import { isApiError } from '../api/errors';
import { type Errors } from './formFields';
import { wasUnanswered } from './unanswered';
import { failureThen, lifecycleActions, showFeedbackOfError } from './submitLifecycle';

export interface PackageDetailsInput {
  /** The tracking code from the URL; null or empty when the URL has none. */
  reference: string | null;
  /** The result /track already fetched for this reference, if the page was reached from there. */
  result: TrackingResult | null;
  /** The result this phone last saw for this reference, and when it was fetched. */
  lastSeen?: LastSeenResult | null;
  /** The server's answer for this reference, already in as the page starts: shown as current. */
  answered?: TrackingResult | null;
}

export interface LastSeenResult {
  result: TrackingResult;
  /** Milliseconds since 1970. */
  fetchedAt: number;
}

/** The server answers 404 for a code it does not know: looking it up again will not help. */
function isUnknownReference(event: unknown): boolean {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 404;
}

/** A result found: for the view to keep as the last one seen. */
const remember = {
  type: 'remember' as const,
  params: ({ event }: { event: { output: TrackingResult } }) => ({ result: event.output }),
};

export const packageDetailsMachine = setup({
  types: {
    // A failed lookup is shown as the form flows show a failed call (submitLifecycle.ts): the
    // page shows its messages; `errors` (by field) stays empty for a lookup by reference.
    context: {} as {
      reference: string;
      result: TrackingResult | null;
      errors: Errors;
      messages: string[];
      /** When the result shown was fetched, when it is the one last seen; null once current. */
      asOf: number | null;
      /** The result shown is the server's answer as the page started: nothing to look up. */
      answered: boolean;
    },
    input: {} as PackageDetailsInput,
    events: {} as { type: 'refresh' } | { type: 'retry' },
    tags: {} as 'busy',
  },
  actors: {
    lookUp: providedByView<TrackingResult, string>('lookUp'),
  },
  actions: {
    ...lifecycleActions,
    remember: (_, _params: { result: TrackingResult }) => {},
  },
  guards: {
    /** No answer while the result last seen is shown: the phone is offline. */
    isLastSeenUnanswered: ({ context, event }) =>
      context.asOf !== null && wasUnanswered((event as { error?: unknown }).error),
    isAnswered: ({ context }) => context.answered,
    hasResult: ({ context }) => context.result !== null,
    hasReference: ({ context }) => context.reference !== '',
    isUnknownReference: ({ event }) => isUnknownReference(event),
  },
}).createMachine({
  id: 'packageDetails',
  context: ({ input }) => {
    // The server's answer is the newest; a result carried from /track is newer than any seen before.
    const answered = input.answered ?? null;
    const seen = answered || input.result ? null : (input.lastSeen ?? null);
    return {
      reference: input.reference?.trim() ?? '',
      result: answered ?? input.result ?? seen?.result ?? null,
      errors: {},
      messages: [],
      asOf: seen?.fetchedAt ?? null,
      answered: answered !== null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        {
          guard: 'isAnswered',
          target: 'showing.current',
          actions: { type: 'remember', params: ({ context }) => ({ result: context.result! }) },
        },
        { guard: 'hasResult', target: 'showing.refreshing' },
        { guard: 'hasReference', target: 'loading' },
        { target: 'missing' },
      ],
    },
    /** No reference in the URL: the page offers /track. */
    missing: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => context.reference,
        onDone: {
          target: 'showing',
          actions: [assign({ result: ({ event }) => event.output }), 'clearFeedback', remember],
        },
        onError: [
          { guard: 'isUnknownReference', target: 'notFound', actions: showFeedbackOfError },
          failureThen('failed'),
        ],
      },
    },
    /** No network: the result last seen, "Offline — as of 14:05", and Try again. */
    offline: {
      on: { retry: 'showing.refreshing' },
    },
    showing: {
      initial: 'current',
      states: {
        current: {
          on: { refresh: 'refreshing' },
        },
        /** The shown result stays on screen while the newest status is fetched. */
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refresh',
            src: 'lookUp',
            input: ({ context }) => context.reference,
            onDone: {
              target: 'current',
              actions: [
                assign({ result: ({ event }) => event.output, asOf: null }),
                'clearFeedback',
                remember,
              ],
            },
            onError: [
              {
                guard: 'isUnknownReference',
                target: '#packageDetails.notFound',
                actions: showFeedbackOfError,
              },
              { guard: 'isLastSeenUnanswered', target: '#packageDetails.offline' },
              failureThen('current'),
            ],
          },
        },
      },
    },
    notFound: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
