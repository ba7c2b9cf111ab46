import { expect } from 'vitest';
import { staffShellMachine } from '../../src/machines/staffShellMachine';
import { graphSuite } from './graph';

graphSuite('staffShell', {
  machine: staffShellMachine,
  events: [
    { type: 'xstate.done.actor.loadName', output: 'Ngozi Okafor' },
    { type: 'xstate.error.actor.loadName', error: new Error('offline') },
  ],
  check: (actual) => {
    if (actual.matches('named')) expect(actual.context.name).toBe('Ngozi Okafor');
    if (actual.matches('unnamed')) expect(actual.context.name).toBeNull();
  },
});
