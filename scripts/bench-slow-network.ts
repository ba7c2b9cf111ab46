/**
 * `npm run bench:slow-network`: the site on a Nigerian phone network (issue 38). Chromium
 * (tests/support/chromium.ts: headless, a fresh profile) with Slow 3G through the DevTools
 * protocol — 400 kbps down and up, 400 ms round trip (Network.emulateNetworkConditions) and a
 * CPU four times slower (Emulation.setCPUThrottlingRate) — against the built site (DIST_DIR,
 * default dist) served by the real server as `npm start` runs it (its own process, a loopback
 * port, a fresh DATA_DIR).
 *
 * - A first visit (a new browser context: empty caches, no service worker) and a repeat visit
 *   (the same context, once its service worker runs the page and keeps its copy) of `/`,
 *   `/express-delivery` and the tracking page (`/package-details?reference=…` of a real order).
 * - The whole Deliver Now journey of a customer on a new phone: home, Book a Delivery, Deliver
 *   now, the form with its price, Book Now, log in when asked, Book Now again, the thank-you page.
 *
 * **Usable** means, measured in the page (performance.now(), from the start of navigation): the
 * page's main heading is on screen, its primary action is on screen and enabled, and React has
 * attached its handlers to that action (its element carries React's props: the app has loaded
 * and hydrated it, so a tap works). The primary actions: the home page's "Book a Delivery", Deliver
 * Now's "Book Now", and on the tracking page the shipment's progress with "Refresh status".
 *
 * **Bytes** are what the server sent to the browser during the journey, headers included,
 * counted on the sockets of a loopback relay in front of it: pages, scripts, the API, and the
 * service worker's own fetches alike.
 *
 * Prints one row per visit and whether each goal is met (issue 38): a repeat visit of any page
 * usable in at most 1.5 s, a first visit of the home page in 5 s and of the tracking page in 4 s,
 * the Deliver Now journey at most 400 KB. Exits 1 when a goal is missed. Results and their
 * method: docs/measurements.md, "On a slow network".
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, post, register, uniqueEmail } from '../tests/support/api';
import { startChildServer, type ChildServer } from '../tests/support/child-server';
import { launchChromium } from '../tests/support/chromium';
import { codeFrom, outboxFiles } from '../tests/support/mail';
import { bookDelivery, setStatus } from '../tests/support/shipments';
import type { TestServer } from '../tests/support/server';

const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};
const CPU_SLOWDOWN = 4;
const GOALS = { repeat: 1_500, firstHome: 5_000, firstTracking: 4_000, journeyBytes: 400_000 };

/** A loopback relay to the server that counts the bytes it sends back to the browser. */
async function countingRelay(): Promise<{
  origin: string;
  to: (target: string) => void;
  sent: () => number;
  reset: () => void;
  close: () => Promise<void>;
}> {
  let target: URL | null = null;
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target!.port), target!.hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk) => (bytes += chunk.length));
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream])
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    to: (origin) => (target = new URL(origin)),
    sent: () => bytes,
    reset: () => (bytes = 0),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => relay.close(() => resolve()));
    },
  };
}

/** What makes a page usable (see the file's comment), checked in the page every 25 ms. */
interface Usable {
  heading: string;
  /** The primary action, by its text. */
  action: { role: 'link' | 'button'; names: string[] };
  /** Another element that must show (the tracking page's progress). */
  also?: string;
}
const usableWhen: Record<string, Usable> = {
  home: { heading: '', action: { role: 'link', names: ['Book a Delivery'] } },
  deliverNow: { heading: 'Deliver Now', action: { role: 'button', names: ['Book Now'] } },
  // The status, with its Refresh: "Refreshing..." while the status last seen (marked with its
  // time) is being replaced by the newest.
  tracking: {
    heading: 'Package details',
    action: { role: 'button', names: ['Refresh status', 'Refreshing...'] },
    also: '[role="progressbar"]',
  },
};

/**
 * Installed before any script of the page runs: records in `window.__usable` the moment (ms since
 * navigation start) the heading, the primary action (enabled, with React's props) and `also` are
 * all on screen.
 */
function watchUsable(usable: Usable) {
  const w = window as unknown as { __usable: number | null };
  w.__usable = null;
  const visible = (element: Element | null) =>
    element instanceof HTMLElement && element.offsetParent !== null;
  const check = () => {
    const heading = document.querySelector('main h1');
    if (!visible(heading) || !heading!.textContent!.includes(usable.heading)) return;
    if (usable.also && !visible(document.querySelector(`main ${usable.also}`))) return;
    const candidates = Array.from(
      document.querySelectorAll(usable.action.role === 'link' ? 'main a' : 'main button'),
    );
    const action = candidates.find((element) =>
      usable.action.names.includes(element.textContent?.trim() ?? ''),
    );
    if (!visible(action ?? null)) return;
    if (
      action!.textContent!.trim() === usable.action.names[0] &&
      (action as HTMLButtonElement).disabled
    )
      return;
    if (!Object.keys(action!).some((key) => key.startsWith('__reactProps$'))) return;
    w.__usable = performance.now();
    clearInterval(timer);
  };
  const timer = setInterval(check, 25);
}

async function slowPage(context: BrowserContext, usable?: Usable): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // tsx names the function's inner functions with its helper `__name`, which the page lacks.
  if (usable)
    await page.addInitScript({
      content: `var __name = (f) => f; (${watchUsable.toString()})(${JSON.stringify(usable)});`,
    });
  return page;
}

/** Until the page's usable moment is recorded; answers it in ms. */
async function usableAfter(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __usable: number | null }).__usable,
    null,
    { timeout: 60_000, polling: 100 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** What the page fetched and when (BENCH_WATERFALL=1): where a slow first visit spends its time. */
async function printWaterfall(page: Page, title: string) {
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
      ...performance.getEntriesByType('paint'),
    ].map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: Math.round(entry.startTime),
      end: Math.round((entry as PerformanceResourceTiming).responseEnd ?? entry.startTime),
      bytes: (entry as PerformanceResourceTiming).transferSize ?? 0,
    })),
  );
  console.log(title);
  console.table(entries.sort((a, b) => a.start - b.start));
}

/** Until the service worker runs this page and keeps its copy and its scripts (as tests/e2e/offline.test.ts). */
async function keptByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 120_000,
  });
  await page.waitForFunction(
    async () => {
      const copy = await caches.match(location.href, { cacheName: 'pages', ignoreSearch: true });
      const assets = await caches.open('assets');
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
      const kept = await Promise.all(loaded.map((url) => assets.match(url.href)));
      return copy !== undefined && kept.every(Boolean);
    },
    null,
    { timeout: 120_000, polling: 500 },
  );
}

/** Until nothing has been sent for `quietMs` (the service worker's fetches after a page too). */
async function quiet(relay: { sent: () => number }, quietMs = 2_000) {
  let last = relay.sent();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (relay.sent() === last) return;
    last = relay.sent();
  }
}

interface Row {
  journey: string;
  usableMs: number | null;
  bytes: number;
  goal: string;
  met: boolean;
}

/** A customer through the API as the site makes one: sign up, the mailed code, log in. */
async function customerOf(server: TestServer) {
  const email = uniqueEmail('slow-network');
  await register(server, email);
  let mail;
  for (let tries = 0; !mail && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = outboxFiles(server.dataDir).find((each) => each.to.includes(email));
  }
  if (!mail) throw new Error(`No code mailed to ${email}`);
  await post(server, 'verify-email', { verification_token: codeFrom(mail.text), email });
  const login = await post(server, 'login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return { email, token: login.body.token as string };
}

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
if (!fs.existsSync(path.join(dist, 'sw.js')))
  throw new Error(`${dist}/sw.js is missing: run \`npm run build\` first.`);

const loadBefore = os.loadavg();
const relay = await countingRelay();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-slow-network-'));
let server: ChildServer | null = null;
const browser = await launchChromium();
const rows: Row[] = [];
try {
  server = await startChildServer({
    dataDir,
    databaseUrl: null,
    env: { WEB_ROOT: dist, PUBLIC_URL: relay.origin },
  });
  relay.to(server.origin);
  // The API helpers need only where the API is and the data folder (for the mailed code).
  const api = { origin: relay.origin, apiUrl: `${relay.origin}/api/v1`, dataDir } as TestServer;
  const customer = await customerOf(api);
  const reference = await bookDelivery(api, customer.token);
  await setStatus(api, reference, 'Shipped');

  const visits = [
    { name: '/', address: '/', usable: usableWhen.home!, first: GOALS.firstHome },
    {
      name: '/express-delivery',
      address: '/express-delivery',
      usable: usableWhen.deliverNow!,
      first: null,
    },
    {
      name: 'tracking',
      address: `/package-details?reference=${reference}`,
      usable: usableWhen.tracking!,
      first: GOALS.firstTracking,
    },
  ];
  // BENCH_PAGES=tracking (a comma-separated list of the names above, or `journey`) runs only those.
  const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
  for (const visit of visits.filter((each) => !only || only.includes(each.name))) {
    const context = await browser.newContext({
      baseURL: relay.origin,
      viewport: { width: 390, height: 844 },
    });
    try {
      relay.reset();
      const first = await slowPage(context, visit.usable);
      await first.goto(visit.address);
      const firstMs = await usableAfter(first);
      if (process.env.BENCH_WATERFALL) await printWaterfall(first, `first visit ${visit.name}`);
      await keptByServiceWorker(first);
      await quiet(relay);
      rows.push({
        journey: `first visit ${visit.name}`,
        usableMs: firstMs,
        bytes: relay.sent(),
        goal: visit.first === null ? '—' : `≤ ${visit.first / 1000} s`,
        met: visit.first === null || firstMs <= visit.first,
      });
      await first.close();

      relay.reset();
      const again = await slowPage(context, visit.usable);
      await again.goto(visit.address);
      const repeatMs = await usableAfter(again);
      await quiet(relay);
      rows.push({
        journey: `repeat visit ${visit.name}`,
        usableMs: repeatMs,
        bytes: relay.sent(),
        goal: `≤ ${GOALS.repeat / 1000} s`,
        met: repeatMs <= GOALS.repeat,
      });
    } finally {
      await context.close();
    }
  }

  // Deliver Now, from the home page, by a customer whose account is not yet on this phone.
  if (!only || only.includes('journey')) {
    const context = await browser.newContext({
      baseURL: relay.origin,
      viewport: { width: 390, height: 844 },
    });
    try {
      relay.reset();
      const started = Date.now();
      const page = await slowPage(context);
      const main = page.getByRole('main');
      const field = (label: string) => main.getByLabel(new RegExp(`^${label}`));
      await page.goto('/');
      await main.getByRole('link', { name: 'Book a Delivery' }).click();
      await page.waitForURL('**/delivery');
      await main.getByRole('link', { name: 'Deliver now' }).click();
      await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
      // The first move on the form loads the places and the tariff: the price shows as typed.
      await field('Pickup state').focus();
      await field('Pickup state').selectOption('Lagos');
      await field('Pickup LGA').fill('Ikeja');
      await field('Delivery state').selectOption('Lagos');
      await field('Delivery LGA').fill('Eti-Osa');
      await main
        .locator('.price-preview [role="status"]')
        .getByText('₦')
        .waitFor({ timeout: 60_000 });
      const values: Record<string, string> = {
        'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
        'Delivery Address': '3 Allen Avenue, Ikeja, Lagos',
        "Sender's Full Name": 'Ada Obi',
        "Receiver's Full Name": 'Chinedu Eze',
        "Sender's Phone Number": '0803 123 4567',
        "Receiver's Phone Number": '08051234567',
        'Additional information': 'A parcel of documents',
      };
      for (const [label, value] of Object.entries(values)) await field(label).fill(value);
      await main.getByRole('button', { name: 'Book Now' }).click();
      await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor({ timeout: 60_000 });
      await field('Email').fill(customer.email);
      await field('Password').fill(PASSWORD);
      await main.getByRole('button', { name: 'Log In' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Deliver Now' })
        .waitFor({ timeout: 60_000 });
      await main.getByRole('button', { name: 'Book Now' }).click();
      await page.waitForURL('**/thank-you?**', { timeout: 60_000 });
      await main.locator('.reference').waitFor();
      const journeyMs = Date.now() - started;
      await quiet(relay);
      rows.push({
        journey: `Deliver Now journey (${(journeyMs / 1000).toFixed(0)} s)`,
        usableMs: null,
        bytes: relay.sent(),
        goal: `≤ ${GOALS.journeyBytes / 1000} KB`,
        met: relay.sent() <= GOALS.journeyBytes,
      });
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
  await server?.exited;
  await relay.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const loadAfter = os.loadavg();
console.table(
  rows.map((row) => ({
    journey: row.journey,
    'usable (s)': row.usableMs === null ? '—' : (row.usableMs / 1000).toFixed(2),
    'downloaded (KB)': (row.bytes / 1000).toFixed(1),
    goal: row.goal,
    met: row.met ? 'yes' : 'NO',
  })),
);
console.log(
  `Slow 3G (${SLOW_3G.downloadThroughput * 8} bit/s each way, ${SLOW_3G.latency} ms), CPU ${CPU_SLOWDOWN}× slower; ` +
    `${os.cpus().length} cores, load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after.`,
);
const missed = rows.filter((row) => !row.met);
for (const row of missed) console.error(`Missed: ${row.journey}, goal ${row.goal}`);
if (missed.length) process.exitCode = 1;
