/**
 * The home headline typed out at 100 ms per character (docs/product.md). It starts
 * `waiting` with the whole sentence shown, so the prerendered page and a visitor without
 * JavaScript read it in full; `start` types it from the first character, unless the visitor
 * prefers reduced motion, in which case it stays whole.
 */
import { assign, setup } from 'xstate';

export interface TypedHeadlineInput {
  text: string;
  /** Milliseconds per character; docs/product.md: 100. */
  characterDelay?: number;
}

export const typedHeadlineMachine = setup({
  types: {
    context: {} as { text: string; typed: number; characterDelay: number },
    input: {} as TypedHeadlineInput,
    events: {} as { type: 'start'; reducedMotion: boolean },
  },
  guards: {
    prefersReducedMotion: ({ event }) => event.reducedMotion,
    isComplete: ({ context }) => context.typed >= context.text.length,
  },
  delays: {
    characterDelay: ({ context }) => context.characterDelay,
  },
}).createMachine({
  id: 'typedHeadline',
  context: ({ input }) => ({
    text: input.text,
    typed: input.text.length,
    characterDelay: input.characterDelay ?? 100,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        start: [
          { guard: 'prefersReducedMotion', target: 'typed' },
          { target: 'typing', actions: assign({ typed: 0 }) },
        ],
      },
    },
    typing: {
      always: { guard: 'isComplete', target: 'typed' },
      after: {
        characterDelay: {
          target: 'typing',
          reenter: true,
          actions: assign({ typed: ({ context }) => context.typed + 1 }),
        },
      },
    },
    typed: { type: 'final' },
  },
});
