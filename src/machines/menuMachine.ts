/**
 * The header's menus (docs/product.md): the mobile menu panel (768 px and below) opens and
 * closes by its button; the SERVICES and PARTNER dropdowns are disclosures, one open at a
 * time. Escape closes the innermost open one and hands focus back to its button (named
 * actions the view provides); following a link closes everything.
 */
import { setup } from 'xstate';

export type DropdownId = 'services' | 'partner';

const choose = (dropdown: DropdownId) => ({ type: 'isDropdown', params: { dropdown } }) as const;
const focusButtonOf = (dropdown: DropdownId) =>
  ({ type: 'focusDropdownButton', params: { dropdown } }) as const;

/** The disclosures, the same inside the closed and the open panel. */
const dropdownStates = {
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
      escape: { target: 'none', actions: focusButtonOf('services') },
    },
  },
  partner: {
    on: {
      'dropdown.toggle': [
        { guard: choose('partner'), target: 'none' },
        { guard: choose('services'), target: 'services' },
      ],
      'dropdown.close': 'none',
      escape: { target: 'none', actions: focusButtonOf('partner') },
    },
  },
} as const;

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
  initial: 'closed',
  on: {
    navigate: { target: '.closed' },
  },
  states: {
    // The panel; on wide screens it is always shown and stays `closed` here.
    closed: {
      on: { 'menu.toggle': 'open' },
      initial: 'none',
      states: dropdownStates,
    },
    open: {
      on: {
        'menu.toggle': 'closed',
        // An open dropdown handles Escape itself first (its own transition wins).
        escape: { target: 'closed', actions: 'focusMenuButton' },
      },
      initial: 'none',
      states: dropdownStates,
    },
  },
});
