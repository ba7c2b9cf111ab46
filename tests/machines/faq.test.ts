import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { faqMachine } from '../../src/machines/faqMachine';
import { graphSuite } from '../support/graph/graph';

graphSuite('faq', {
  machine: faqMachine,
  events: [
    { type: 'item.toggle', id: 'booking-lead-time' },
    { type: 'item.toggle', id: 'weekend-delivery' },
  ],
  states: { allClosed: [], oneOpen: [] },
  check: (actual, _expected, event, before) => {
    const { id } = event as { type: string; id: string };
    // Toggling the open item closes it; any other opens in its place.
    const closes = before.context.openItem === id;
    expect(actual.value).toBe(closes ? 'allClosed' : 'oneOpen');
    expect(actual.context.openItem).toBe(closes ? null : id);
  },
});

it('starts with every item closed', () => {
  expect(createActor(faqMachine).getSnapshot().context).toEqual({ openItem: null });
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
