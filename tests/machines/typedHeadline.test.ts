import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { typedHeadlineMachine } from '../../src/machines/typedHeadlineMachine';
import { graphSuite } from '../support/graph/graph';

// A three-letter headline keeps the graph small and still passes through every state.
graphSuite('typedHeadline', {
  machine: typedHeadlineMachine,
  input: { text: 'Hey', characterDelay: 100 },
  events: [
    { type: 'start', reducedMotion: false },
    { type: 'start', reducedMotion: true },
  ],
});

describe('typedHeadline', () => {
  const headline = "We don't just move boxes, we move memories, lives and dreams.";

  it('shows the whole sentence before it starts, then types one character every 100 ms', () => {
    const clock = new SimulatedClock();
    const actor = createActor(typedHeadlineMachine, { input: { text: headline }, clock }).start();
    expect(actor.getSnapshot().context.typed).toBe(headline.length);
    actor.send({ type: 'start', reducedMotion: false });
    expect(actor.getSnapshot().context.typed).toBe(0);
    clock.increment(100);
    expect(actor.getSnapshot().context.typed).toBe(1);
    clock.increment(99);
    expect(actor.getSnapshot().context.typed).toBe(1);
    clock.increment(1);
    expect(actor.getSnapshot().context.typed).toBe(2);
    // One timer per character: each tick schedules the next, so the clock advances tick by tick.
    for (let typed = 2; typed < headline.length - 1; typed += 1) clock.increment(100);
    expect(actor.getSnapshot().context.typed).toBe(headline.length - 1);
    expect(actor.getSnapshot().value).toBe('typing');
    clock.increment(100);
    expect(actor.getSnapshot().value).toBe('typed');
    expect(actor.getSnapshot().context.typed).toBe(headline.length);
  });

  it('does not animate for visitors who prefer reduced motion', () => {
    const actor = createActor(typedHeadlineMachine, { input: { text: headline } }).start();
    actor.send({ type: 'start', reducedMotion: true });
    expect(actor.getSnapshot().value).toBe('typed');
    expect(actor.getSnapshot().context.typed).toBe(headline.length);
  });
});
