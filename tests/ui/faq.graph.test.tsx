/**
 * /faq: the paths of faqMachine's graph through the page's question buttons: each
 * `item.toggle` is a click on that question; at each state every question says whether it is
 * expanded, and only the open one's answer is shown.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { faq } from '../../src/content/faq';
import { faqMachine } from '../../src/machines/faqMachine';
import { graphViewSuite } from '../support/view/graphView';
import { renderApp } from '../support/view/render';

const [first, second] = faq;
const question = (id: string) =>
  screen.getByRole('button', { name: faq.find((item) => item.id === id)!.question });

async function open() {
  const app = renderApp('/faq');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Frequently Asked Questions' },
    { timeout: 10_000 },
  );
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

graphViewSuite('/faq', {
  machine: faqMachine,
  input: undefined as never,
  events: [
    { type: 'item.toggle', id: first!.id },
    { type: 'item.toggle', id: second!.id },
  ],
  shows: {
    'faq.allClosed': 'every question collapsed, no answer shown',
    'faq.oneOpen':
      'the open question expanded with its answer shown; every other collapsed, its answer hidden',
  },
  open,
  perform: (page: Page, event: EventObject) =>
    page.user.click(question((event as unknown as { id: string }).id)),
  check: async (_page: Page, expected: AnyMachineSnapshot) => {
    const { openItem } = expected.context as { openItem: string | null };
    await waitFor(() => {
      for (const item of faq) {
        const isOpen = item.id === openItem;
        expect(question(item.id)).toHaveAttribute('aria-expanded', String(isOpen));
        if (isOpen) expect(screen.getByText(item.answer)).toBeVisible();
        else expect(screen.queryByText(item.answer)).toBeNull();
      }
    });
  },
});
