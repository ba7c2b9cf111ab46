/**
 * The header's menus (SPEC section 2): the mobile menu panel (768 px and below) opens and
 * closes by its button; the SERVICES and PARTNER dropdowns are disclosures, one open at a
 * time. Escape closes the innermost open one and hands focus back to its button (named
 * actions the view provides); following a link closes everything.
 */
import { setup, stateIn } from 'xstate';

export type DropdownId = 'services' | 'partner';

const choose = (dropdown: DropdownId) => ({ type: 'isDropdown', params: { dropdown } }) as const;

export const menuMachine = setup({
  types: {
    events: {} as
      | { type: 'menu.toggle' }
      | { type: 'dropdown.toggle'; dropdown: DropdownId }
      | { type: 'dropdown.close' }
      | { type: 'escape' }
      | { type: 'navigate' },
  },
  actions: {
    focusMenuButton: () => {},
    focusDropdownButton: (_, _params: { dropdown: DropdownId }) => {},
  },
  guards: {
    isDropdown: ({ event }, params: { dropdown: DropdownId }) =>
      event.type === 'dropdown.toggle' && event.dropdown === params.dropdown,
  },
}).createMachine({
  id: 'menu',
  type: 'parallel',
  on: {
    navigate: { target: ['.panel.closed', '.dropdown.none'] },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'menu.toggle': 'open' },
        },
        open: {
          on: {
            'menu.toggle': 'closed',
            // With a dropdown open, Escape closes that dropdown first and the panel stays.
            escape: { guard: stateIn({ dropdown: 'none' }), target: 'closed', actions: 'focusMenuButton' },
          },
        },
      },
    },
    dropdown: {
      initial: 'none',
      states: {
        none: {
          on: {
            'dropdown.toggle': [
              { guard: choose('services'), target: 'services' },
              { guard: choose('partner'), target: 'partner' },
            ],
          },
        },
        services: {
          on: {
            'dropdown.toggle': [
              { guard: choose('services'), target: 'none' },
              { guard: choose('partner'), target: 'partner' },
            ],
            'dropdown.close': 'none',
            escape: { target: 'none', actions: { type: 'focusDropdownButton', params: { dropdown: 'services' } } },
          },
        },
        partner: {
          on: {
            'dropdown.toggle': [
              { guard: choose('partner'), target: 'none' },
              { guard: choose('services'), target: 'services' },
            ],
            'dropdown.close': 'none',
            escape: { target: 'none', actions: { type: 'focusDropdownButton', params: { dropdown: 'partner' } } },
          },
        },
      },
    },
  },
});
