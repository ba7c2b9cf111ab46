import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stickyBarMachine } from '../../src/machines/stickyBarMachine';
import { graphSuite } from '../support/graph/graph';

const paths = graphSuite('stickyBar', { machine: stickyBarMachine, simplePaths: true });

/** The states a generated path passes through when its events are exactly `events`. */
function statesAlong(...events: string[]) {
  const path = paths.find(
    (candidate) =>
      candidate.steps.length === events.length + 1 &&
      candidate.steps.slice(1).every((step, index) => step.event.type.startsWith(events[index]!)),
  );
  expect(path, `a generated path ${events.join(' → ')}`).toBeDefined();
  return path!.steps.map((step) => step.state.value);
}

it('returns to shown only through the 30-second delay', () => {
  const back = paths.find((path) =>
    path.steps.some((step) => step.event.type.startsWith('xstate.after.')),
  );
  expect(back?.steps.map((step) => step.state.value)).toEqual(['shown', 'hidden', 'shown']);
});

it('steps aside while a field has focus and comes back when focus leaves', () => {
  expect(statesAlong('field.focus', 'field.blur')).toEqual(['shown', 'typing', 'shown']);
});

it('steps aside while a field, button or card is under it and comes back when the spot is clear', () => {
  expect(statesAlong('content.under', 'content.clear')).toEqual(['shown', 'overContent', 'shown']);
});

it('waits for the blur before coming back, even when the spot clears first', () => {
  expect(statesAlong('content.under', 'field.focus', 'content.clear')).toEqual([
    'shown',
    'overContent',
    'typing',
    'typing',
  ]);
  const actor = createActor(stickyBarMachine).start();
  const seen = ['content.under', 'field.focus', 'content.clear', 'field.blur'].map((type) => {
    actor.send({ type } as never);
    return actor.getSnapshot().value;
  });
  expect(seen).toEqual(['overContent', 'typing', 'typing', 'shown']);
  actor.stop();
});

it('after its 30 seconds, comes back aside when the customer is typing then', () => {
  expect(statesAlong('dismiss', 'field.focus', 'xstate.after.')).toEqual([
    'shown',
    'hidden',
    'hidden',
    'typing',
  ]);
  expect(statesAlong('dismiss', 'content.under', 'xstate.after.')).toEqual([
    'shown',
    'hidden',
    'hidden',
    'overContent',
  ]);
});

it('can be dismissed only while it shows', () => {
  const actor = createActor(stickyBarMachine).start();
  expect(actor.getSnapshot().can({ type: 'dismiss' })).toBe(true);
  actor.send({ type: 'field.focus' });
  expect(actor.getSnapshot().can({ type: 'dismiss' })).toBe(false);
  actor.send({ type: 'field.blur' });
  actor.send({ type: 'content.under' });
  expect(actor.getSnapshot().can({ type: 'dismiss' })).toBe(false);
  actor.stop();
});
