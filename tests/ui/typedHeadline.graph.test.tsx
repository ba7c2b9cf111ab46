/**
 * The home page's headline (src/ui/marketing/TypedHeadline.tsx): the paths of
 * typedHeadlineMachine's graph, with the page's own sentence, through the page at /. The page
 * sends `start` as it mounts, with the visitor's reduced-motion setting: a path's `start` is the
 * page opened with that setting (matchMedia answering it), and each character's 100 ms is a step
 * of a fake clock.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { home } from '../../src/content/home';
import { typedHeadlineMachine } from '../../src/machines/typedHeadlineMachine';
import { graphViewSuite, type GraphPath } from '../support/view/graphView';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const text = home.headline;
const headline = () => screen.getByRole('heading', { level: 1 });
const typedText = () => headline().querySelector('.typed-text')!;

async function open(path: GraphPath) {
  const start = path.steps[1]?.event as { reducedMotion?: boolean } | undefined;
  const reducedMotion = start?.reducedMotion ?? false;
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...matchMedia(query),
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
  }));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const app = renderApp('/');
  await vi.waitFor(() => expect(headline()).toBeInTheDocument(), { timeout: 10_000 });
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(_page: Page, event: EventObject) {
  // `start` is the page's own, sent by an effect once the headline mounts (see the file comment).
  if (event.type === 'start' && !(event as { reducedMotion?: boolean }).reducedMotion) {
    // Not vi.waitFor: with fake timers it moves the clock at each poll, and a slow machine then
    // sees a character typed before the path's first step asks for one.
    const since = performance.now();
    while (!typedText().querySelector('.typed-caret') && performance.now() - since < 10_000)
      await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(typedText().querySelector('.typed-caret')).not.toBeNull();
  }
  if (event.type.startsWith('xstate.after.characterDelay'))
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
}

async function check(_page: Page, expected: AnyMachineSnapshot) {
  const { typed } = expected.context as { typed: number };
  // Screen readers get the whole sentence in every state.
  expect(headline()).toHaveAccessibleName(text);
  // Before `start` the page has already mounted and started: only what screen readers get is seen.
  if (expected.matches('waiting')) return;
  // The clock moves only when a step moves it, and act has let React draw: no waiting.
  expect(typedText().textContent).toBe(text.slice(0, typed));
  if (expected.matches('typing')) expect(typedText().querySelector('.typed-caret')).not.toBeNull();
  else expect(typedText().querySelector('.typed-caret')).toBeNull();
}

graphViewSuite('home headline', {
  machine: typedHeadlineMachine,
  input: { text, characterDelay: 100 },
  events: [
    { type: 'start', reducedMotion: false },
    { type: 'start', reducedMotion: true },
  ],
  limit: 4,
  shows: {
    'typedHeadline.waiting':
      'the whole sentence, as prerendered (in the app the page starts as it mounts: the h1 is named by the whole sentence)',
    'typedHeadline.typing': 'the first `typed` characters drawn, with the caret after them',
    'typedHeadline.typed': 'the whole sentence drawn, no caret',
  },
  open,
  perform,
  check,
});
