/**
 * /package-details: the paths of packageDetailsMachine's graph through the page, from its
 * starts: a reference in the URL (looked up first), a result carried over from /track (shown at
 * once and looked up again), no reference, the result last seen, and the answer of the HTML's
 * early look-up already in (shown as current, nothing looked up). The lookups go to the real server behind the gate
 * (./heldApi.ts): a found shipment is the server's answer (a real booking, moved to Shipped), an
 * unknown code the gate answering 404 with the server's words, a failure a dropped connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { statusLabels, type TrackingResult } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import {
  EARLY_TRACKING,
  earlyTrackingScript,
  type EarlyTracking,
} from '../../src/api/contract/earlyTracking';
import { packageDetailsMachine } from '../../src/machines/packageDetailsMachine';
import { UNREACHABLE_MESSAGE } from '../../src/ui/tracking/lookup';
import { UNKNOWN_REFERENCE } from '../../server/routes/tracking';
import { signUp } from '../support/api';
import type { TestServer } from '../support/server';
import { bookDelivery, setStatus } from '../support/shipments';
import { toast } from '../support/view/page';
import { graphViewSuite, inputOf, type GraphPath } from '../support/view/graphView';
import type { HeldApi } from '../support/view/heldApi';
import { startHeldServer, type HeldServer } from '../support/view/held-server';
import { renderApp } from '../support/view/render';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let server: TestServer;
let api: HeldApi;
let reference: string;
let held: HeldServer<{ staff: false; customer: false }>;
beforeAll(async () => {
  held = await startHeldServer({ staff: false, customer: false });
  ({ server, api } = held);
  const customer = await signUp(server);
  reference = await bookDelivery(server, customer.token);
  await setStatus(server, reference, 'Shipped');
});
afterAll(() => held.close());

/** The graph's stand-in for the real booking's reference. */
const SAMPLE = 'RL-ABCDEFGH23';
const resultOf = (status: TrackingResult['status'], code: string): TrackingResult => ({
  reference_number: code,
  service_type: 'scheduled_delivery',
  status,
  ProgressBar: status === 'ToInspect' ? 33 : 66,
  'date created': '2025-03-05T09:30:00.000Z',
  'date updated': '2025-03-06T14:05:00.000Z',
  history: [{ status: 'ToInspect', date: '2025-03-05T09:30:00.000Z' }],
});
/** When the phone last saw the reference's result, for the page offline: 14:05 in Lagos. */
const FETCHED_AT = Date.UTC(2026, 10, 27, 13, 5);
const unknown = new ApiError([UNKNOWN_REFERENCE], { reference_id: [UNKNOWN_REFERENCE] }, 404);
const offline = new ApiError([UNREACHABLE_MESSAGE], { reference_id: [UNREACHABLE_MESSAGE] });
const isAnswer = (event: EventObject | undefined) =>
  /^xstate\.(done|error)\.actor\./.test(event?.type ?? '');
const main = () => within(screen.getByRole('main'));
const early = () =>
  (window as unknown as Record<string, EarlyTracking | undefined>)[EARLY_TRACKING];

async function open(path: GraphPath) {
  const input = inputOf(path) as {
    reference: string | null;
    result: TrackingResult | null;
    lastSeen?: { fetchedAt: number };
    answered?: TrackingResult;
  };
  // What this phone last saw: only for the path that starts with it (every result found is kept).
  if (input.lastSeen)
    localStorage.setItem(
      'lastSeen:tracking',
      JSON.stringify({ data: resultOf('ToInspect', reference), fetchedAt: FETCHED_AT, owner: '' }),
    );
  else localStorage.removeItem('lastSeen:tracking');
  // The first lookup starts as the page opens: the gate holds it when the path answers it.
  if (isAnswer(path.steps[1]?.event)) api.hold();
  // Opened by its address, answered before the app started: the HTML's inline script asked
  // (src/api/contract/earlyTracking.ts), and its answer, body and all, is in.
  if (input.answered) {
    window.history.replaceState(null, '', `/package-details?reference=${reference}`);
    new Function(earlyTrackingScript(api.apiUrl))();
    await waitFor(() => expect(early()).toHaveProperty('answer'));
  }
  // Whether the page ever waited, however briefly: "Looking up…", or the result last seen "As of
  // 14:05" while the newest comes.
  let lookingUp = false;
  const watch = new MutationObserver(() => {
    lookingUp ||= /Looking up|As of/.test(document.body.textContent ?? '');
  });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  const app = renderApp(
    input.reference ? `/package-details?reference=${reference}` : '/package-details',
    {
      apiUrl: api.apiUrl,
      state: input.result ? { result: resultOf(input.result.status, reference) } : undefined,
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Package details' }, { timeout: 10_000 });
  watch.disconnect();
  // Answered already, the page shows the newest result in its first render: it never waits.
  if (input.answered) {
    expect(lookingUp).toBe(false);
    expect(main().getByRole('progressbar', { name: 'Delivery progress' })).toBeInTheDocument();
    expect(early()).toBeUndefined();
  }
  return app;
}
type Page = Awaited<ReturnType<typeof open>>;

async function perform(page: Page, event: EventObject, next: EventObject | undefined) {
  switch (event.type) {
    case 'refresh':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Refresh status' }));
    case 'retry':
      if (isAnswer(next)) api.hold();
      return page.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.lookUp':
    case 'xstate.done.actor.refresh':
      return api.release();
    case 'xstate.error.actor.lookUp':
    case 'xstate.error.actor.refresh': {
      const { error } = event as unknown as { error: ApiError };
      return error.status === 404 ? api.answer(404, { message: UNKNOWN_REFERENCE }) : api.fail();
    }
  }
}

async function check(_page: Page, expected: AnyMachineSnapshot, event: EventObject) {
  const { result, messages, asOf } = expected.context as {
    result: TrackingResult | null;
    messages: string[];
    asOf: number | null;
  };
  // A failed lookup toasts its messages; an unknown code is the page's whole answer, not a toast.
  if (event.type.startsWith('xstate.error.') && !expected.matches('notFound'))
    for (const message of messages) await toast(message);
  await waitFor(() => {
    if (expected.matches('missing')) {
      expect(main().getByText(/This link has no tracking code\./)).toBeInTheDocument();
      expect(main().getByRole('link', { name: 'Enter your tracking code' })).toHaveAttribute(
        'href',
        '/track',
      );
    } else if (expected.matches('loading')) {
      expect(main().getByText(/Looking up/)).toHaveTextContent(`Looking up ${reference}`);
    } else if (expected.matches('notFound')) {
      const alert = main().getByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Package not found' })).toBeInTheDocument();
      expect(alert).toHaveTextContent(messages[0]!);
      expect(within(alert).getByRole('link', { name: 'Check the code' })).toHaveAttribute(
        'href',
        `/track?reference=${encodeURIComponent(reference)}`,
      );
    } else if (expected.matches('offline')) {
      expect(main().getByRole('status')).toHaveTextContent('Offline — as of 14:05');
      expect(main().getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(main().getByText(reference)).toBeInTheDocument();
      expect(main().getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
        'aria-valuetext',
        expect.stringContaining(statusLabels.ToInspect),
      );
    } else if (expected.matches('failed')) {
      const alert = main().getByRole('alert');
      for (const message of messages) expect(alert).toHaveTextContent(message);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    } else {
      const refreshing = expected.matches({ showing: 'refreshing' });
      expect(main().getByText(reference)).toBeInTheDocument();
      expect(main().getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
        'aria-valuetext',
        expect.stringContaining(statusLabels[result!.status]),
      );
      // The result last seen says when it was fetched until the newest replaces it.
      if (asOf === null) expect(main().queryByText(/As of/)).toBeNull();
      else expect(main().getByRole('status')).toHaveTextContent('As of 14:05');
      const button = main().getByRole('button', {
        name: refreshing ? 'Refreshing...' : 'Refresh status',
      });
      if (refreshing) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    }
  });
}

graphViewSuite('/package-details', {
  machine: packageDetailsMachine,
  input: { reference: SAMPLE, result: null },
  inputs: [
    { reference: SAMPLE, result: null },
    { reference: SAMPLE, result: resultOf('ToInspect', SAMPLE) },
    { reference: null, result: null },
    {
      reference: SAMPLE,
      result: null,
      lastSeen: { result: resultOf('ToInspect', SAMPLE), fetchedAt: FETCHED_AT },
    },
    {
      reference: SAMPLE,
      result: null,
      lastSeen: { result: resultOf('ToInspect', SAMPLE), fetchedAt: FETCHED_AT },
      answered: resultOf('Shipped', SAMPLE),
    },
  ],
  events: [
    { type: 'xstate.done.actor.lookUp', output: resultOf('Shipped', SAMPLE) },
    { type: 'xstate.error.actor.lookUp', error: unknown },
    { type: 'xstate.error.actor.lookUp', error: offline },
    { type: 'xstate.done.actor.refresh', output: resultOf('Shipped', SAMPLE) },
    { type: 'xstate.error.actor.refresh', error: unknown },
    { type: 'xstate.error.actor.refresh', error: offline },
  ],
  limit: 16,
  afterCoverage: 0,
  shows: {
    'packageDetails.starting': 'nothing yet: it decides at once between the three below',
    'packageDetails.missing': '"This link has no tracking code." with a link to /track',
    'packageDetails.loading': '"Looking up <reference>…" while the first lookup is under way',
    'packageDetails.showing.current':
      'the reference, the status in the progress bar, "Refresh status" enabled; "As of 14:05" over the result last seen',
    'packageDetails.showing.refreshing':
      'the shown result stays, "Refreshing..." disabled; "As of 14:05 Checking for news…" over the result last seen',
    'packageDetails.notFound':
      'an alert "Package not found" with the server\'s words (no toast) and "Check the code" back to /track with the code',
    'packageDetails.offline':
      '"Offline — as of 14:05" (when it was fetched, Lagos time), "Try again", and the result last seen',
    'packageDetails.failed':
      'an alert with the messages and "Try again" (the messages also as toasts)',
  },
  open,
  perform,
  check,
  cleanup: () => {
    api.releaseAll();
    delete (window as unknown as Record<string, unknown>)[EARLY_TRACKING];
  },
});
