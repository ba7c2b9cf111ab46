/**
 * The floating WhatsApp bar (src/ui/layout/WhatsAppBar.tsx) on /about: the paths of
 * stickyBarMachine's graph through the page. Focus is the user's: clicking into the footer's
 * email field and out again. What lies under the bar's corner comes from an IntersectionObserver,
 * which jsdom lacks (it has no layout): a stand-in observer lets the path say that a watched
 * element is now under the corner, or no longer, as a browser's would
 * (tests/e2e/whatsapp-bar.test.ts checks the real one). The 30 s before the bar comes back run on
 * a fake clock.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { stickyBarMachine } from '../../src/machines/stickyBarMachine';
import { graphViewSuite } from '../support/view/graphView';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 20_000 });

/** The observers the bar made, newest last; the path reports through the newest. */
const observers: StandInObserver[] = [];
class StandInObserver {
  watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  /** `target` has come under the bar's corner, or left it. */
  report(target: Element, isIntersecting: boolean) {
    this.callback(
      [{ target, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observers.length = 0;
});

const bar = () => screen.queryByRole('complementary', { name: 'Chat with us on WhatsApp' });
const emailField = () =>
  within(screen.getByRole('contentinfo')).getByLabelText('Get moving tips and offers by email');
/** The element the path puts under the bar: the footer's Subscribe button. */
const subscribe = () =>
  within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Subscribe' });

async function open() {
  vi.stubGlobal('IntersectionObserver', StandInObserver);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  const app = renderApp('/about');
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  // The footer's newsletter form arrives as the footer nears the screen (NewsletterSlot).
  const slot = document.querySelector('.newsletter-slot')!;
  await waitFor(() => expect(observers.some((observer) => observer.watched.has(slot))).toBe(true));
  observers.find((observer) => observer.watched.has(slot))!.report(slot, true);
  await within(screen.getByRole('contentinfo')).findByLabelText(
    'Get moving tips and offers by email',
  );
  await waitFor(() => expect(bar()).toBeInTheDocument());
  // The bar watches the page once it has scanned it (one frame later).
  await waitFor(() => expect(observers.at(-1)?.watched.has(subscribe())).toBe(true));
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject) {
  switch (event.type) {
    case 'dismiss':
      return page.user.click(screen.getByRole('button', { name: 'Hide the WhatsApp bar' }));
    case 'field.focus':
      return page.user.click(emailField());
    case 'field.blur':
      return page.user.click(screen.getByRole('heading', { level: 1 }));
    case 'content.under':
    case 'content.clear':
      return act(() => observers.at(-1)!.report(subscribe(), event.type === 'content.under'));
    case 'xstate.after.reappear.stickyBar.hidden':
      return act(async () => {
        vi.advanceTimersByTime(30_000);
      });
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot) {
  await waitFor(() => {
    if (expected.matches('hidden')) {
      expect(bar()).toBeNull();
      return;
    }
    const aside = !expected.matches('shown');
    expect(bar()).toBeInTheDocument();
    if (aside) {
      expect(bar()).toHaveAttribute('data-aside', 'true');
      expect(bar()).toHaveAttribute('inert');
    } else {
      expect(bar()).not.toHaveAttribute('data-aside');
      expect(bar()).not.toHaveAttribute('inert');
      expect(
        within(bar()!).getByRole('link', { name: 'Chat with us on WhatsApp' }),
      ).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
      expect(within(bar()!).getByRole('button', { name: 'Hide the WhatsApp bar' })).toBeEnabled();
    }
    // The email field keeps the focus the path gave it, and only that.
    if (expected.context.typing) expect(emailField()).toHaveFocus();
    else expect(emailField()).not.toHaveFocus();
  });
}

graphViewSuite('WhatsApp bar', {
  machine: stickyBarMachine,
  input: undefined as never,
  // Its events carry nothing: the graph takes each as the machine names it.
  events: [],
  // What the page reports is a change: a focus while a field has none, an element under the
  // corner while none is, and back; the dismiss button is on the bar only while it is shown.
  offered: (event, state) => {
    const { typing, overContent } = state.context as { typing: boolean; overContent: boolean };
    switch (event.type) {
      case 'field.focus':
        return !typing;
      case 'field.blur':
        return typing;
      case 'content.under':
        return !overContent;
      case 'content.clear':
        return overContent;
      case 'dismiss':
        return state.matches('shown');
      default:
        return true;
    }
  },
  limit: 12,
  afterCoverage: 2,
  shows: {
    'stickyBar.shown':
      'the bar "Chat with us on WhatsApp" with its wa.me link and "Hide the WhatsApp bar"',
    'stickyBar.typing':
      'the bar stepped aside: marked data-aside and inert, while the field has focus',
    'stickyBar.overContent': 'the bar stepped aside: marked data-aside and inert',
    'stickyBar.hidden': 'no bar, until 30 s have passed',
  },
  unreachable: {
    'stickyBar.typing --dismiss--> stickyBar.hidden':
      'the bar is inert while aside: its button cannot be pressed',
    'stickyBar.overContent --dismiss--> stickyBar.hidden':
      'the bar is inert while aside: its button cannot be pressed',
  },
  open,
  perform,
  check,
});
