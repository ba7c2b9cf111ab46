/**
 * /package-details (docs/product.md): one shipment's progress, by the reference in the URL so a
 * reload or a shared link shows it too. A result carried from /track is shown at once and
 * quietly looked up again; a reference alone is looked up first. The lookup is provided by the
 * view (`lookUp`), as are the toasts (`notifyErrors`).
 */
import { assign, setup } from 'xstate';
import { providedByView } from './providedByView';
import type { TrackingResult } from '../api/contract/bookings';
import { isApiError } from '../api/errors';
import type { Errors } from './formFields';
import { failureThen, lifecycleActions, showFeedbackOfError } from './submitLifecycle';

export interface PackageDetailsInput {
  /** The tracking code from the URL; null or empty when the URL has none. */
  reference: string | null;
  /** The result /track already fetched for this reference, if the page was reached from there. */
  result: TrackingResult | null;
}

/** The server answers 404 for a code it does not know: looking it up again will not help. */
function isUnknownReference(event: unknown): boolean {
  const { error } = event as { error?: unknown };
  return isApiError(error) && error.status === 404;
}

export const packageDetailsMachine = setup({
  types: {
    // A failed lookup is shown as the form flows show a failed call (submitLifecycle.ts): the
    // page shows its messages; `errors` (by field) stays empty for a lookup by reference.
    context: {} as {
      reference: string;
      result: TrackingResult | null;
      errors: Errors;
      messages: string[];
    },
    input: {} as PackageDetailsInput,
    events: {} as { type: 'refresh' } | { type: 'retry' },
    tags: {} as 'busy',
  },
  actors: {
    lookUp: providedByView<TrackingResult, string>('lookUp'),
  },
  actions: lifecycleActions,
  guards: {
    hasResult: ({ context }) => context.result !== null,
    hasReference: ({ context }) => context.reference !== '',
    isUnknownReference: ({ event }) => isUnknownReference(event),
  },
}).createMachine({
  id: 'packageDetails',
  context: ({ input }) => ({
    reference: input.reference?.trim() ?? '',
    result: input.result,
    errors: {},
    messages: [],
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
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
          actions: [assign({ result: ({ event }) => event.output }), 'clearFeedback'],
        },
        onError: [
          { guard: 'isUnknownReference', target: 'notFound', actions: showFeedbackOfError },
          failureThen('failed'),
        ],
      },
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
              actions: [assign({ result: ({ event }) => event.output }), 'clearFeedback'],
            },
            onError: [
              {
                guard: 'isUnknownReference',
                target: '#packageDetails.notFound',
                actions: showFeedbackOfError,
              },
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
