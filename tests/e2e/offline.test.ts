/**
 * The site on a phone that loses its network (issue 38), in Chromium against the built site
 * with its service worker: a page opened once reloads with no network and shows the last
 * tracking result, marked "Offline — as of …"; a public page does too; a booking pressed offline
 * says it waits, goes by itself when the network is back, and books exactly once; a page whose
 * code does not arrive says so in its place and comes with Try again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { bookDelivery, setStatus } from '../support/shipments';

let app: App;
let customer: Customer;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 390, height: 844 } });
  customer = await signUp(app.server);
});
afterAll(() => app?.close());

const main = (page: Page) => page.getByRole('main');

/** The time a page says it was fetched at, as the site writes it: Lagos time, 24-hour. */
const lagosClock = (time: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time);

/**
 * Until the service worker runs this page and holds a copy of it and of every script and style
 * it loaded (the first visit fetches them again through the worker once it is in charge).
 */
async function keptForOffline(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
  await page.waitForFunction(
    async () => {
      const page = await caches.match(location.href, { cacheName: 'pages', ignoreSearch: true });
      const assets = await caches.open('assets');
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
      const kept = await Promise.all(loaded.map((url) => assets.match(url.href)));
      return page !== undefined && kept.every(Boolean);
    },
    null,
    { timeout: 20_000, polling: 200 },
  );
}

describe('offline', () => {
  it('reloads with no network: the last tracking result and a public page, each marked with when it was fetched', async () => {
    const reference = await bookDelivery(app.server, customer.token);
    await setStatus(app.server, reference, 'Shipped');
    const context = await app.browser.newContext({
      baseURL: app.server.origin,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await keptForOffline(page);
    await page.goto(`/package-details?reference=${reference}`);
    const progress = main(page).getByRole('progressbar', { name: 'Delivery progress' });
    await expect.poll(() => progress.getAttribute('aria-valuetext')).toContain('Shipped');
    await keptForOffline(page);
    const fetched = Date.now();

    await context.setOffline(true);
    await page.reload();
    await main(page)
      .getByText(`Offline — as of ${lagosClock(fetched)}`)
      .waitFor();
    expect(await main(page).locator('dd.reference').textContent()).toBe(reference);
    expect(await progress.getAttribute('aria-valuetext')).toContain('Shipped');
    // The page marks its own data: the strip of the page's copy steps aside.
    expect(await page.locator('.offline-banner').isVisible()).toBe(false);

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const strip = page.locator('.offline-banner');
    await strip.waitFor();
    expect(await strip.textContent()).toMatch(/^Offline — as of \d\d:\d\d$/);
    await context.setOffline(false);
    await strip.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a booking pressed offline waits, goes when the network is back, and books once', async () => {
    const page = await app.browser
      .newContext({ baseURL: app.server.origin, viewport: { width: 390, height: 844 } })
      .then((context) => context.newPage());
    await signInAs(page, customer);
    await page.goto('/express-delivery');
    await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
    const before = (await get(app.server, 'users/orders', customer.token)).body.data.length;
    const values = {
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      'Delivery Address': '3 Allen Avenue, Ikeja, Lagos',
      "Sender's Full Name": 'Ada Obi',
      "Receiver's Full Name": 'Chinedu Eze',
      "Sender's Phone Number": '0803 123 4567',
      "Receiver's Phone Number": '08051234567',
      'Additional information': 'A parcel of documents',
    };
    for (const [label, value] of Object.entries(values))
      await main(page)
        .getByLabel(new RegExp(`^${label}`))
        .fill(value);

    await page.context().setOffline(true);
    await main(page).getByRole('button', { name: 'Book Now' }).click();
    await main(page).getByRole('button', { name: 'Waiting for network…' }).waitFor();
    await main(page).getByRole('status').getByRole('button', { name: 'Cancel sending' }).waitFor();
    expect((await get(app.server, 'users/orders', customer.token)).body.data.length).toBe(before);

    await page.context().setOffline(false);
    await page.getByText('Delivery created successfully').waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/thank-you', { timeout: 20_000 });
    const reference = new URL(page.url()).searchParams.get('reference');
    const orders = (await get(app.server, 'users/orders', customer.token)).body.data as {
      reference_number: string;
    }[];
    expect(orders).toHaveLength(before + 1);
    expect(orders.map((order) => order.reference_number)).toContain(reference);
    await page.context().close();
  });

  it('a page whose code does not arrive says so in its place; Try again brings it', async () => {
    // No worker: this is a first visit, and the test decides what the network does.
    const context = await app.browser.newContext({
      baseURL: app.server.origin,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    let refused = 0;
    await page.route('**/assets/FaqPage-*.js', (route) =>
      refused++ === 0 ? route.abort('internetdisconnected') : route.continue(),
    );

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'FAQ', exact: true })
      .first()
      .click();
    const alert = main(page).getByRole('alert');
    await expect(alert.textContent()).resolves.toContain(
      'This page did not load. Check your connection and try again.',
    );
    // The frame is still there: the header and its links work.
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);

    await alert.getByRole('button', { name: 'Try again' }).click();
    await main(page)
      .getByRole('heading', { level: 1, name: /Frequently Asked Questions/i })
      .waitFor();
    expect(refused).toBe(2);
    await context.close();
  });
});
