/**
 * The FAQ accordion (docs/product.md): one item open at a time; toggling the open item closes
 * it, toggling another opens that one instead.
 */
import { assign, setup } from 'xstate';

export const faqMachine = setup({
  types: {
    context: {} as { openItem: string | null },
    events: {} as { type: 'item.toggle'; id: string },
  },
  guards: {
    isOpenItem: ({ context, event }) => context.openItem === event.id,
  },
}).createMachine({
  id: 'faq',
  context: { openItem: null },
  initial: 'allClosed',
  states: {
    allClosed: {
      on: {
        'item.toggle': {
          target: 'oneOpen',
          actions: assign({ openItem: ({ event }) => event.id }),
        },
      },
    },
    oneOpen: {
      on: {
        'item.toggle': [
          { guard: 'isOpenItem', target: 'allClosed', actions: assign({ openItem: null }) },
          { actions: assign({ openItem: ({ event }) => event.id }) },
        ],
      },
    },
  },
});
