/**
 * The floating WhatsApp contact bar (docs/product.md): shown at start, hidden on dismiss, back by
 * itself after 30 seconds. It never sits over what the customer reads or types: while a text
 * field, select or textarea has focus it steps aside (`typing`), and while a field, button or
 * card is under it (the page reports what is under the bar's corner) it steps aside too
 * (`overContent`). It comes back when both are over.
 */
import { assign, setup } from 'xstate';

export interface StickyBarContext {
  /** A text field, select or textarea has focus. */
  typing: boolean;
  /** A field, button or card's text is under the bar. */
  overContent: boolean;
}

export type StickyBarEvent =
  | { type: 'dismiss' }
  | { type: 'field.focus' }
  | { type: 'field.blur' }
  | { type: 'content.under' }
  | { type: 'content.clear' };

export const stickyBarMachine = setup({
  types: {
    context: {} as StickyBarContext,
    events: {} as StickyBarEvent,
  },
  guards: {
    typing: ({ context }) => context.typing,
    doneTyping: ({ context }) => !context.typing,
    overContent: ({ context }) => context.overContent,
    spotClear: ({ context }) => !context.overContent,
  },
  delays: {
    reappear: 30_000,
  },
}).createMachine({
  id: 'stickyBar',
  context: { typing: false, overContent: false },
  initial: 'shown',
  // What the page reports is kept in every state, so the bar knows where it stands when it comes back.
  on: {
    'field.focus': { actions: assign({ typing: true }) },
    'field.blur': { actions: assign({ typing: false }) },
    'content.under': { actions: assign({ overContent: true }) },
    'content.clear': { actions: assign({ overContent: false }) },
  },
  states: {
    shown: {
      always: [
        { guard: 'typing', target: 'typing' },
        { guard: 'overContent', target: 'overContent' },
      ],
      on: { dismiss: 'hidden' },
    },
    // Stepped aside while the customer types; back when focus leaves the field.
    typing: {
      always: { guard: 'doneTyping', target: 'shown' },
    },
    // Stepped aside while a field, button or card is under the bar; back when the spot is clear.
    // Typing comes first: a focused field makes the bar wait for the blur wherever it is.
    overContent: {
      always: [
        { guard: 'typing', target: 'typing' },
        { guard: 'spotClear', target: 'shown' },
      ],
    },
    hidden: {
      after: { reappear: 'shown' },
    },
  },
});
