/**
 * /track and /package-details against the real server, as a visitor (tracking is public); an
 * order assigned to a crew (tests/support/crew-jobs.ts) shows its window, never who comes; the
 * status the page's HTML asked for early is used once, checked by the contract.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EARLY_TRACKING,
  earlyTrackingScript,
  type EarlyTracking,
} from '../../src/api/contract/earlyTracking';
import { formatDay } from '../../src/ui/tracking/format';
import { inDays, signUp } from '../support/api';
import { assign, makeCrew } from '../support/crew-jobs';
import { bookDelivery, setStatus } from '../support/shipments';
import { startTestServer, type TestServer } from '../support/server';
import { renderApp } from '../support/view/render';

// A real server starts (and a customer signs up) before these run; pages call it over loopback.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await signUp(server));
});
afterAll(() => server.close());

/** Nothing listens on port 9 of loopback: every call fails as it would offline. */
const unreachable = 'http://127.0.0.1:9/api/v1';

const codeField = () => screen.getByLabelText(/Tracking Code/);

/** Pages load lazily: the first visit compiles the page's chunk. */
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

/** The page's own alerts (the footer's newsletter form has one too). */
const pageAlert = () => within(screen.getByRole('main')).findByRole('alert', {}, { timeout: 5000 });

function timelineStep(name: string) {
  const timeline = screen.getByRole('list', { name: 'Shipment timeline' });
  return within(timeline).getByRole('heading', { name }).closest('li')!;
}

describe('/track', () => {
  it('asks for a code when none was typed, and stays', async () => {
    const app = renderApp('/track', { apiUrl: server.apiUrl });
    await heading('Track a shipment');
    await app.user.click(screen.getByRole('button', { name: 'Track' }));
    expect(codeField()).toHaveAccessibleDescription('Please enter your tracking code.');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(app.location().pathname).toBe('/track');
  });

  it('says an unknown code is unknown and keeps it in the field', async () => {
    const app = renderApp('/track', { apiUrl: server.apiUrl });
    await app.user.type(await screen.findByLabelText(/Tracking Code/), 'RL-2222222222');
    await app.user.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(
        /No package was found with this tracking code/,
      ),
    );
    expect(codeField()).toHaveValue('RL-2222222222');
    expect(app.location().pathname).toBe('/track');
  });

  it('says when the tracking service cannot be reached, and keeps the code', async () => {
    const app = renderApp('/track', { apiUrl: unreachable });
    await app.user.type(await screen.findByLabelText(/Tracking Code/), 'RL-2222222222');
    await app.user.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(
      () => expect(codeField()).toHaveAccessibleDescription(/could not reach the tracking service/),
      { timeout: 5000 },
    );
    expect(codeField()).toHaveValue('RL-2222222222');
  });

  it('finds a booked delivery, typed carelessly, and shows where it stands', async () => {
    const reference = await bookDelivery(server, token);
    const app = renderApp('/track', { apiUrl: server.apiUrl });
    await app.user.type(
      await screen.findByLabelText(/Tracking Code/),
      ` ${reference.toLowerCase()} `,
    );
    await app.user.click(screen.getByRole('button', { name: 'Track' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Package details' }),
    ).toBeInTheDocument();
    expect(app.location()).toMatchObject({
      pathname: '/package-details',
      search: `?reference=${reference}`,
    });
    expect(screen.getByText(reference)).toBeInTheDocument();
    expect(screen.getByText('Scheduled Delivery')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    // The spec's first-step defect is fixed: To Inspect is reached and dated.
    expect(timelineStep('To Inspect')).toHaveClass('is-active');
    expect(
      within(timelineStep('To Inspect')).getByText(/^[A-Z][a-z]{2} \d{2}, \d{1,2}:\d{2} (am|pm)$/),
    ).toBeInTheDocument();
    expect(timelineStep('Shipped')).not.toHaveClass('is-active');
    expect(within(timelineStep('Shipped')).getByText('Pending')).toBeInTheDocument();
  });
});

describe('/package-details', () => {
  it('looks the reference in the URL up, so a reload or a shared link shows the newest status', async () => {
    const reference = await bookDelivery(server, token);
    await setStatus(server, reference, 'Shipped');
    const app = renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66'),
    );
    expect(timelineStep('Shipped')).toHaveClass('is-active');
    expect(timelineStep('Shipped')).toHaveAttribute('aria-current', 'step');
    expect(within(timelineStep('Shipped')).getByText(/ (am|pm)$/)).toBeInTheDocument();
    expect(within(timelineStep('Delivered')).getByText('Pending')).toBeInTheDocument();

    await setStatus(server, reference, 'Delivered');
    await app.user.click(screen.getByRole('button', { name: 'Refresh status' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
    );
    expect(timelineStep('Delivered')).toHaveClass('is-active');
    expect(within(timelineStep('Delivered')).queryByText('Pending')).toBeNull();
  });

  it('shows the crew’s day and window once the order has one, and nothing of who comes', async () => {
    const reference = await bookDelivery(server, token);
    const crewId = await makeCrew(server, [await signUp(server)], { plate: 'KJA-777-BB' });
    const date = inDays(3);
    await assign(server, reference, crewId, { date, window_start: '14:00', window_end: '16:30' });
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    const window = await screen.findByText('Crew window', {}, { timeout: 10_000 });
    expect(window.nextElementSibling).toHaveTextContent(
      `${formatDay(date)}, between 14:00 and 16:30`,
    );
    expect(
      within(window.nextElementSibling as HTMLElement).getByText(formatDay(date)),
    ).toHaveAttribute('datetime', date);
    expect(screen.getByRole('main')).not.toHaveTextContent(/KJA-777-BB|Who is coming|Call /);
  });

  it('shows no crew window before the order is assigned', async () => {
    const reference = await bookDelivery(server, token);
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await screen.findByText(reference, {}, { timeout: 10_000 });
    expect(screen.queryByText('Crew window')).toBeNull();
  });

  it('says a reference is unknown and links back to /track with it', async () => {
    renderApp('/package-details?reference=RL-3333333333', { apiUrl: server.apiUrl });
    const alert = await pageAlert();
    expect(within(alert).getByRole('heading', { name: 'Package not found' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Check the code' })).toHaveAttribute(
      'href',
      '/track?reference=RL-3333333333',
    );
  });

  it('offers to try again when the server cannot be reached', async () => {
    const reference = await bookDelivery(server, token);
    renderApp(`/package-details?reference=${reference}`, { apiUrl: unreachable });
    const alert = await pageAlert();
    expect(alert).toHaveTextContent(/could not reach the tracking service/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('sends a link without a reference to /track', async () => {
    renderApp('/package-details', { apiUrl: server.apiUrl });
    expect(await screen.findByRole('link', { name: 'Enter your tracking code' })).toHaveAttribute(
      'href',
      '/track',
    );
  });
});

/**
 * Opened by its address, /package-details's HTML has already asked for the status while the
 * app's code downloaded (src/api/contract/earlyTracking.ts): the inline script itself runs here,
 * at this page's address, asking this test's server. The page's first look-up takes that answer
 * and checks it as any answer of the call; nothing else ever uses it.
 */
describe('/package-details with the early look-up of its HTML', () => {
  const statusCalls = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([url]) => String(url) === `${server.apiUrl}/users/tracking/status`)
      .length;
  const early = () => (window as unknown as Record<string, unknown>)[EARLY_TRACKING];

  /** The page's address, then its HTML's inline script, as the browser runs them. */
  function openedByAddress(code: string, apiBase = server.apiUrl) {
    window.history.replaceState(null, '', `/package-details?reference=${encodeURIComponent(code)}`);
    new Function(earlyTrackingScript(apiBase))();
  }
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    delete (window as unknown as Record<string, unknown>)[EARLY_TRACKING];
    vi.restoreAllMocks();
  });

  it('shows the answer its HTML asked for without asking again; Refresh asks anew', async () => {
    const reference = await bookDelivery(server, token);
    await setStatus(server, reference, 'Shipped');
    openedByAddress(` ${reference} `);
    expect(early()).toMatchObject({ reference });
    await (early() as EarlyTracking).response;
    // Moved on after the HTML asked: the page shows what its HTML was answered.
    await setStatus(server, reference, 'Delivered');
    const asked = vi.spyOn(globalThis, 'fetch');
    const app = renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66'),
    );
    expect(statusCalls(asked)).toBe(0);
    expect(early()).toBeUndefined();

    await app.user.click(screen.getByRole('button', { name: 'Refresh status' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
    );
    expect(statusCalls(asked)).toBe(1);
  });

  it('shows an unknown code as unknown from the early answer, asked once', async () => {
    openedByAddress('RL-4444444444');
    const asked = vi.spyOn(globalThis, 'fetch');
    renderApp('/package-details?reference=RL-4444444444', { apiUrl: server.apiUrl });
    const alert = await pageAlert();
    expect(within(alert).getByRole('heading', { name: 'Package not found' })).toBeInTheDocument();
    expect(statusCalls(asked)).toBe(0);
  });

  it('shows a malformed code’s refusal as the page would have been answered itself', async () => {
    const malformed = 'R'.repeat(65);
    renderApp(`/package-details?reference=${malformed}`, { apiUrl: server.apiUrl });
    const asItself = (await pageAlert()).textContent;
    expect(asItself).toMatch(/Try again/);
    cleanup();

    openedByAddress(malformed);
    const asked = vi.spyOn(globalThis, 'fetch');
    renderApp(`/package-details?reference=${malformed}`, { apiUrl: server.apiUrl });
    expect((await pageAlert()).textContent).toBe(asItself);
    expect(statusCalls(asked)).toBe(0);
  });

  it('asks again when the early call met a network failure', async () => {
    const reference = await bookDelivery(server, token);
    (window as unknown as Record<string, EarlyTracking>)[EARLY_TRACKING] = {
      reference,
      url: `${server.apiUrl}/users/tracking/status`,
      response: Promise.reject(new TypeError('Failed to fetch')),
    };
    const asked = vi.spyOn(globalThis, 'fetch');
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await screen.findByText(reference, {}, { timeout: 10_000 });
    expect(statusCalls(asked)).toBe(1);
  });

  it('checks the early answer with the contract: one it refuses is no answer', async () => {
    const reference = await bookDelivery(server, token);
    const forged = { message: 'Package found', data: { reference_number: reference } };
    (window as unknown as Record<string, EarlyTracking>)[EARLY_TRACKING] = {
      reference,
      url: `${server.apiUrl}/users/tracking/status`,
      response: Promise.resolve(Response.json(forged)),
      // Its body read already: the page would show it in its first render, were it a shipment.
      answer: { status: 200, body: forged },
    };
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    expect(await pageAlert()).toHaveTextContent(/could not reach the tracking service/);
    expect(within(screen.getByRole('main')).queryByRole('progressbar')).toBeNull();
  });

  it('leaves the early answer of another code, or of another API, and asks', async () => {
    const reference = await bookDelivery(server, token);
    openedByAddress('RL-5555555555');
    const asked = vi.spyOn(globalThis, 'fetch');
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await screen.findByText(reference, {}, { timeout: 10_000 });
    expect(statusCalls(asked)).toBe(1);
    expect(early()).toBeUndefined();
    cleanup();

    openedByAddress(reference, unreachable);
    renderApp(`/package-details?reference=${reference}`, { apiUrl: server.apiUrl });
    await screen.findByText(reference, {}, { timeout: 10_000 });
    expect(statusCalls(asked)).toBe(2);
  });

  it('has no early look-up without a code in the address', () => {
    window.history.replaceState(null, '', '/package-details?reference=%20');
    new Function(earlyTrackingScript(server.apiUrl))();
    expect(early()).toBeUndefined();
  });
});
