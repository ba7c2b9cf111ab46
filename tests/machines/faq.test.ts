import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { faqMachine } from '../../src/machines/faqMachine';
import { graphSuite } from './graph';

graphSuite('faq', {
  machine: faqMachine,
  events: [
    { type: 'item.toggle', id: 'booking-lead-time' },
    { type: 'item.toggle', id: 'weekend-delivery' },
  ],
});

it('keeps at most one item open', () => {
  const actor = createActor(faqMachine).start();
  actor.send({ type: 'item.toggle', id: 'a' });
  actor.send({ type: 'item.toggle', id: 'b' });
  expect(actor.getSnapshot().context.openItem).toBe('b');
  actor.send({ type: 'item.toggle', id: 'b' });
  expect(actor.getSnapshot().matches('allClosed')).toBe(true);
  expect(actor.getSnapshot().context.openItem).toBeNull();
});
