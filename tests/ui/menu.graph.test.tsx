/**
 * The header's menus (on every page; here /about): the paths of menuMachine's graph through the
 * header as a person uses it: the Menu button, the SERVICES and PARTNER buttons, a click outside
 * an open dropdown (focus leaves it: `dropdown.close`), Escape, and following a link
 * (`navigate`). At each state the buttons say what is expanded, only an open dropdown's links
 * are shown, and after Escape the focus is back on the button of what it closed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { dropdowns } from '../../src/content/navigation';
import { menuMachine } from '../../src/machines/menuMachine';
import { graphViewSuite } from '../support/view/graphView';
import { renderApp } from '../support/view/render';

const header = () => within(screen.getByRole('banner'));
const menuButton = () => header().getByRole('button', { name: 'Menu' });
const dropdownButton = (id: string) =>
  header().getByRole('button', { name: dropdowns.find((dropdown) => dropdown.id === id)!.label });

async function open() {
  const app = renderApp('/about');
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { ...app, before: null as AnyMachineSnapshot | null };
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject) {
  switch (event.type) {
    case 'menu.toggle':
      return page.user.click(menuButton());
    case 'dropdown.toggle':
      return page.user.click(dropdownButton((event as unknown as { dropdown: string }).dropdown));
    case 'dropdown.close':
      return page.user.click(screen.getByRole('main'));
    case 'escape':
      // Escape reaches the header from what has the focus there (e.g. the dropdown's own button).
      if (!screen.getByRole('banner').contains(document.activeElement))
        header()
          .getByRole('link', { name: /Relo|Logistics/ })
          .focus();
      return page.user.keyboard('{Escape}');
    case 'navigate':
      return page.user.click(header().getByRole('link', { name: 'ABOUT US' }));
  }
}

async function check(page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const before = page.before;
  page.before = expected;
  await waitFor(() => {
    expect(menuButton()).toHaveAttribute('aria-expanded', String(expected.matches('open')));
    for (const dropdown of dropdowns) {
      const isOpen =
        expected.matches({ open: dropdown.id }) || expected.matches({ closed: dropdown.id });
      expect(dropdownButton(dropdown.id)).toHaveAttribute('aria-expanded', String(isOpen));
      const first = dropdown.items[0]!;
      if (isOpen) expect(header().getByRole('link', { name: first.label })).toBeVisible();
      else expect(header().queryByRole('link', { name: first.label })).toBeNull();
    }
    if (event.type === 'escape' && before) {
      const closed = dropdowns.find(
        (dropdown) =>
          before.matches({ open: dropdown.id }) || before.matches({ closed: dropdown.id }),
      );
      if (closed) expect(dropdownButton(closed.id)).toHaveFocus();
      else if (before.matches('open')) expect(menuButton()).toHaveFocus();
    }
  });
}

graphViewSuite('header menus', {
  machine: menuMachine,
  input: undefined as never,
  events: [
    { type: 'dropdown.toggle', dropdown: 'services' },
    { type: 'dropdown.toggle', dropdown: 'partner' },
  ],
  limit: 24,
  afterCoverage: 0,
  shows: {
    'menu.closed.none': 'Menu and both dropdown buttons not expanded; no dropdown links shown',
    'menu.closed.services': 'SERVICES expanded with its links shown; Menu and PARTNER not expanded',
    'menu.closed.partner': 'PARTNER expanded with its links shown; Menu and SERVICES not expanded',
    'menu.open.none': 'Menu expanded (the panel open); no dropdown expanded',
    'menu.open.services': 'Menu and SERVICES expanded, SERVICES links shown',
    'menu.open.partner': 'Menu and PARTNER expanded, PARTNER links shown',
  },
  open,
  perform,
  check,
});
