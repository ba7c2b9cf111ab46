import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  WINDOW_ORDER_MESSAGE,
  WINDOW_PAST_MESSAGE,
  WINDOW_WIDTH_MESSAGE,
  type Crew,
} from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { assignmentMachine, type Assigned } from '../../src/machines/assignmentMachine';
import { graphSuite, recordEffects } from '../support/graph/graph';

const van: Crew = { id: 'c1', name: 'Van 1', vehicle: 'van', plate: 'LAG 123 KJ', members: [] };
const DAY = '2026-11-30';
const offline = new ApiError(['An error occurred. Please try again.']);
const started = new ApiError([WINDOW_PAST_MESSAGE], { window_start: [WINDOW_PAST_MESSAGE] }, 422);
const assigned: Assigned = {
  assignment: {
    crew_id: 'c1',
    crew_name: 'Van 1',
    date: DAY,
    window_start: '09:00',
    window_end: '12:00',
  },
  conflicts: [{ reference: 'RL-BBBBBBBB22', window_start: '10:00', window_end: '11:00' }],
};
const effects = recordEffects(['notifyErrors', 'notifySuccess', 'assigned']);

graphSuite('assignment', {
  machine: assignmentMachine,
  input: { reference: 'RL-AAAAAAAA22', date: DAY },
  events: [
    { type: 'xstate.done.actor.loadCrews', output: [van] },
    { type: 'xstate.error.actor.loadCrews', error: offline },
    { type: 'field.change', name: 'crew_id', value: 'c1' },
    { type: 'field.change', name: 'window_start', value: '09:00' },
    { type: 'field.change', name: 'window_end', value: '12:00' },
    // Before it starts, then more than 4 hours wide: refused at the field, nothing sent.
    { type: 'field.change', name: 'window_end', value: '08:00' },
    { type: 'field.change', name: 'window_end', value: '14:00' },
    { type: 'xstate.done.actor.assign', output: assigned },
    { type: 'xstate.error.actor.assign', error: started },
    { type: 'xstate.error.actor.assign', error: offline },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      values: snapshot.context.values,
      errors: Object.keys(snapshot.context.errors),
    }),
  implementations: { actions: effects.actions },
  // The crews load, the form, its sending, the answer (with conflicts) and a call with no answer.
  states: {
    loadingCrews: ['busy'],
    crewsFailed: [],
    editing: [],
    submitting: ['busy'],
    failed: [],
    assigned: [],
  },
  offers: {
    loadingCrews: [],
    crewsFailed: ['retry'],
    editing: ['field.change', 'submit'],
    submitting: [],
    failed: ['retry', 'field.change'],
    assigned: ['assignment.edit'],
  },
  checkInput: (id, input, snapshot) => {
    if (id === 'assign')
      expect(input).toEqual({ reference: 'RL-AAAAAAAA22', request: snapshot.context.values });
  },
  check: (actual, _expected, event, before) => {
    const { values, errors, result, crews } = actual.context;
    const done = effects.take();
    switch (event.type) {
      case 'xstate.done.actor.loadCrews':
        expect(crews).toEqual([van]);
        expect(values).toEqual({ crew_id: '', date: DAY, window_start: '', window_end: '' });
        break;
      case 'field.change': {
        const { name, value } = event as unknown as { name: string; value: string };
        expect(values[name as 'date']).toBe(value);
        expect(errors[name]).toBeUndefined();
        expect(actual.value).toBe('editing');
        break;
      }
      case 'submit': {
        const width =
          Number(values.window_end.slice(0, 2)) - Number(values.window_start.slice(0, 2));
        if (actual.matches('submitting')) {
          expect(errors).toEqual({});
          expect(done).toEqual([]);
        } else {
          // The contract's check: its messages at the fields and as toasts.
          if (values.crew_id === '') expect(errors.crew_id).toEqual(['Choose a crew.']);
          if (values.window_start && values.window_end && width <= 0)
            expect(errors.window_end).toEqual([WINDOW_ORDER_MESSAGE]);
          if (values.window_start && values.window_end && width > 4)
            expect(errors.window_end).toEqual([WINDOW_WIDTH_MESSAGE]);
          expect(done).toEqual([
            ['notifyErrors', { messages: [...new Set(Object.values(errors).flat())] }],
          ]);
        }
        break;
      }
      case 'xstate.done.actor.assign':
        expect(result).toEqual(assigned);
        expect(done).toEqual([
          ['notifySuccess', { message: 'RL-AAAAAAAA22 assigned to Van 1.' }],
          ['assigned', null],
        ]);
        break;
      case 'xstate.error.actor.assign': {
        const { error } = event as unknown as { error: ApiError };
        expect(values).toEqual(before.context.values);
        expect(done).toEqual([['notifyErrors', { messages: error.messages }]]);
        // A refusal goes back to the form with its field messages; no answer waits for a retry.
        if (error === started) {
          expect(actual.value).toBe('editing');
          expect(errors).toEqual(started.fields);
        } else expect(actual.value).toBe('failed');
        break;
      }
      case 'retry':
        expect(values).toEqual(before.context.values);
        break;
      case 'assignment.edit':
        expect(result).toBeNull();
        expect(values).toEqual(before.context.values);
        break;
    }
  },
});

describe('assignment', () => {
  it('starts from the order’s assignment when it has one (reassigning)', () => {
    const actor = createActor(assignmentMachine, {
      input: { reference: 'RL-AAAAAAAA22', date: DAY, current: assigned.assignment },
    });
    expect(actor.getSnapshot().context.values).toEqual({
      crew_id: 'c1',
      date: DAY,
      window_start: '09:00',
      window_end: '12:00',
    });
  });

  it('sends again what failed to go, as it was', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      assignmentMachine.provide({
        actors: {
          loadCrews: fromPromise(async () => [van]),
          assign: fromPromise(async ({ input }) => {
            sent.push(input);
            if (sent.length === 1) throw offline;
            return assigned;
          }),
        },
      }),
      { input: { reference: 'RL-AAAAAAAA22', date: DAY, current: assigned.assignment } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('assigned'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(actor.getSnapshot().context.result?.conflicts).toHaveLength(1);
  });
});
