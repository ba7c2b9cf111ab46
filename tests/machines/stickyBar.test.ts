import { expect, it } from 'vitest';
import { stickyBarMachine } from '../../src/machines/stickyBarMachine';
import { graphSuite } from './graph';

const paths = graphSuite('stickyBar', { machine: stickyBarMachine, simplePaths: true });

it('returns to shown only through the 30-second delay', () => {
  const back = paths.find((path) => path.steps.some((step) => step.event.type.startsWith('xstate.after.')));
  expect(back?.steps.map((step) => step.state.value)).toEqual(['shown', 'hidden', 'shown']);
});
