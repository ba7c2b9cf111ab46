/**
 * Assigning an order to a crew for a day and a window (docs/crews.md, "Assignment"), from the
 * dispatch board or the staff order page: the crews to choose from load first, then staff fill
 * crew, date, window start and end (Lagos time). The form is checked with the contract's
 * `assignmentRequest` (a window ends after it starts and is at most 4 hours wide); the server
 * also refuses a window already started (422, under `window_start`). A refusal goes back to the
 * form with its field messages and toasts; no answer at all (offline, a 5xx) is `failed`, where
 * staff send the same again (`retry`) or change the form. Assigned, the answer shows, with the
 * crew's overlapping jobs as a warning (flagged, never refused); assigning again reassigns.
 * The calls (`loadCrews`, `assign`), the toasts and `assigned` (the page loads again) are
 * provided by the view.
 */
import { assign, setup } from 'xstate';
import {
  assignmentRequest,
  type Assignment,
  type AssignmentRequest,
  type Conflict,
  type Crew,
} from '../api/contract/crews';
import { messagesOf } from '../api/errors';
import { edited, wasRefused, type Errors } from './formFields';
import { providedByView } from './providedByView';
import { checkThen, lifecycleActions, lifecycleGuards, toastMessages } from './submitLifecycle';

export type AssignmentValues = Record<keyof AssignmentRequest, string>;

export interface AssignmentInput {
  reference: string;
  /** The day the form starts with: the board's day, or today. */
  date: string;
  /** The order's assignment now, which the form starts from (reassigning). */
  current?: Assignment | null;
}

export interface Assigned {
  assignment: Assignment;
  conflicts: Conflict[];
}

export interface AssignmentContext {
  reference: string;
  crews: Crew[];
  values: AssignmentValues;
  errors: Errors;
  messages: string[];
  result: Assigned | null;
}

const valuesOf = ({ date, current }: AssignmentInput): AssignmentValues => ({
  crew_id: current?.crew_id ?? '',
  date: current?.date ?? date,
  window_start: current?.window_start ?? '',
  window_end: current?.window_end ?? '',
});

const checked = (context: AssignmentContext) => ({
  schema: assignmentRequest,
  value: context.values,
});

export const assignmentMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as AssignmentContext,
    input: {} as AssignmentInput,
    events: {} as
      | { type: 'field.change'; name: keyof AssignmentRequest; value: string }
      | { type: 'submit' }
      | { type: 'retry' }
      | { type: 'assignment.edit' },
  },
  actors: {
    loadCrews: providedByView<Crew[]>('loadCrews'),
    assign: providedByView<Assigned, { reference: string; request: AssignmentValues }>('assign'),
  },
  actions: {
    ...lifecycleActions,
    notifySuccess: (_, _params: { message: string }) => {},
    /** The page shows the order or the board again, as it is now. */
    assigned: () => {},
  },
  guards: {
    ...lifecycleGuards,
    wasRefused: ({ event }) => wasRefused((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'assignment',
  context: ({ input }) => ({
    reference: input.reference,
    crews: [],
    values: valuesOf(input),
    errors: {},
    messages: [],
    result: null,
  }),
  initial: 'loadingCrews',
  states: {
    loadingCrews: {
      tags: ['busy'],
      invoke: {
        id: 'loadCrews',
        src: 'loadCrews',
        onDone: { target: 'editing', actions: assign({ crews: ({ event }) => event.output }) },
        onError: {
          target: 'crewsFailed',
          actions: assign({ messages: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    crewsFailed: { on: { retry: 'loadingCrews' } },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) =>
            edited(context.values, context.errors, event.name, event.value),
          ),
        },
        submit: checkThen('submitting', checked),
      },
    },
    submitting: {
      tags: ['busy'],
      // The server's messages of the last try go; its answer to this one replaces them.
      entry: 'clearFeedback',
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => ({ reference: context.reference, request: context.values }),
        onDone: {
          target: 'assigned',
          actions: [
            assign({ result: ({ event }) => event.output, errors: {}, messages: [] }),
            {
              type: 'notifySuccess',
              params: ({ context, event }) => ({
                message: `${context.reference} assigned to ${event.output.assignment.crew_name}.`,
              }),
            },
            'assigned',
          ],
        },
        onError: [
          {
            guard: 'wasRefused',
            target: 'editing',
            actions: [
              { type: 'showFeedback', params: ({ event }) => ({ error: event.error }) },
              toastMessages,
            ],
          },
          {
            target: 'failed',
            actions: [assign({ messages: ({ event }) => messagesOf(event.error) }), toastMessages],
          },
        ],
      },
    },
    /** No answer: nothing was assigned for sure; the same goes again, or staff change the form. */
    failed: {
      on: {
        retry: 'submitting',
        'field.change': {
          target: 'editing',
          actions: assign(({ context, event }) =>
            edited(context.values, context.errors, event.name, event.value),
          ),
        },
      },
    },
    /** The answer, with the crew's overlapping jobs as a warning; staff may assign again. */
    assigned: {
      on: { 'assignment.edit': { target: 'editing', actions: assign({ result: null }) } },
    },
  },
});
