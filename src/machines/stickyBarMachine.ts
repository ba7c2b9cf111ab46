/**
 * The floating WhatsApp contact bar (docs/product.md): shown at start, hidden on dismiss,
 * back by itself after 30 seconds.
 */
import { setup } from 'xstate';

export const stickyBarMachine = setup({
  types: {
    events: {} as { type: 'dismiss' },
  },
  delays: {
    reappear: 30_000,
  },
}).createMachine({
  id: 'stickyBar',
  initial: 'shown',
  states: {
    shown: {
      on: { dismiss: 'hidden' },
    },
    hidden: {
      after: { reappear: 'shown' },
    },
  },
});
