import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { staffShellMachine } from '../../src/machines/staffShellMachine';
import { graphSuite } from '../support/graph/graph';

graphSuite('staffShell', {
  machine: staffShellMachine,
  events: [
    { type: 'xstate.done.actor.loadName', output: 'Ngozi Okafor' },
    { type: 'xstate.error.actor.loadName', error: new Error('offline') },
  ],
  // The bar shows the session's email while the name loads, and when it cannot be had.
  states: { naming: ['busy'], named: [], unnamed: [] },
  check: (actual, _expected, event) => {
    if (event.type === 'xstate.done.actor.loadName') {
      expect(actual.value).toBe('named');
      expect(actual.context.name).toBe('Ngozi Okafor');
    }
    if (event.type === 'xstate.error.actor.loadName') {
      expect(actual.value).toBe('unnamed');
      expect(actual.context.name).toBeNull();
    }
  },
});

it('has no name until the profile answers', () => {
  expect(createActor(staffShellMachine).getSnapshot().context).toEqual({ name: null });
});
