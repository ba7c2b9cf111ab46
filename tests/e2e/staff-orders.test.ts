/**
 * The operations loop in real Chromium against the real server: staff log in, find an order by
 * search, open it and send a price; its customer sees the price on the order page and accepts
 * it; when staff change a price while its page is open, the page shows the new one before the
 * customer accepts it; another order is cancelled by its customer and shows Cancelled on public tracking; a
 * customer on /staff is told it is not for them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { bookDelivery } from '../support/shipments';
import { signUpStaff } from '../support/staff';

const SHOTS = path.resolve('tests/.artifacts/screenshots');

let app: App;
let staff: Customer;
let customer: Customer;
let reference: string;

beforeAll(async () => {
  app = await startApp();
  staff = await signUpStaff(app.server);
  customer = await signUp(app.server);
  reference = await bookDelivery(app.server, customer.token);
  // A second order of someone else, so the search has something to leave out.
  await bookDelivery(app.server, (await signUp(app.server)).token);
});
afterAll(() => app?.close());

const main = (on: Page) => on.getByRole('main');

async function arrive(on: Page, pathname: string, heading: string | RegExp) {
  await on.waitForURL((url) => url.pathname === pathname);
  await on.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Screenshots of what the page shows now, at 1280 px and on a 390 px phone, for a person to look at (tests/.artifacts/screenshots). */
async function lookAt(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function freshPage(): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

describe('staff and customers in Chromium', () => {
  it('staff log in, find the order by search, open it and send a price', async () => {
    const page = await freshPage();
    await page.goto('/staff');
    await arrive(page, '/login', 'Log In');
    await main(page)
      .getByLabel(/^Email/)
      .fill(staff.email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(staff.password);
    await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
    await arrive(page, '/staff', 'Overview');
    await page
      .getByRole('navigation', { name: 'Staff workspace' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await arrive(page, '/staff/orders', 'Orders');

    await main(page)
      .getByRole('searchbox', { name: /Search/ })
      .fill(reference.toLowerCase());
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => main(page).getByRole('link', { name: /^RL-/ }).allTextContents())
      .toEqual([reference]);
    await main(page).getByRole('link', { name: reference }).click();
    await arrive(page, `/staff/orders/${reference}`, `Order ${reference}`);

    await main(page)
      .getByRole('textbox', { name: /Amount in naira/ })
      .fill('185000');
    await main(page)
      .getByLabel(/Valid until/)
      .fill(inDays(7));
    await main(page)
      .getByLabel(/Note to the customer/)
      .fill('Two vans and four packers');
    await main(page).getByRole('button', { name: 'Send price' }).click();
    await main(page)
      .getByRole('group', { name: /an offer of ₦185,000.00/ })
      .waitFor();
    await main(page).getByRole('button', { name: 'Yes, send it' }).click();
    await main(page).getByRole('status').filter({ hasText: 'Offer of ₦185,000.00 sent' }).waitFor();
    await main(page)
      .getByRole('region', { name: 'Price offers' })
      .getByText('₦185,000.00')
      .waitFor();
    await page.context().close();
  });

  it('the customer sees the price on the order page and accepts it', async () => {
    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto('/profile');
    await main(page)
      .getByRole('link', { name: `Details of ${reference}` })
      .click();
    await arrive(page, `/orders/${reference}`, 'Your order');
    await main(page)
      .getByRole('region', { name: /Price offered: ₦185,000.00/ })
      .getByText('Two vans and four packers')
      .waitFor();
    await main(page)
      .getByRole('button', { name: `Accept ₦185,000.00 for ${reference}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, accept ₦185,000.00' }).click();
    await main(page)
      .getByRole('heading', { name: /Price accepted: ₦185,000.00/ })
      .waitFor();
    await page.reload();
    await main(page)
      .getByRole('heading', { name: /Price accepted: ₦185,000.00/ })
      .waitFor();
    await page.context().close();
  });

  it('when staff change the price while the order page is open, the page shows the new one before anything is accepted', async () => {
    const changing = await bookDelivery(app.server, customer.token);
    const sendPrice = (amount_kobo: number) =>
      post(
        app.server,
        `staff/orders/${changing}/offer`,
        { amount_kobo, valid_until: inDays(7) },
        staff.token,
      );
    expect((await sendPrice(10_000_000)).status).toBe(200);
    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto(`/orders/${changing}`);
    await arrive(page, `/orders/${changing}`, 'Your order');
    const acceptShown = main(page).getByRole('button', {
      name: `Accept ₦100,000.00 for ${changing}`,
    });
    await acceptShown.waitFor();
    expect((await sendPrice(900_000_000)).status).toBe(200);
    await acceptShown.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, accept ₦100,000.00' }).click();
    await main(page)
      .getByText('The price has changed to ₦9,000,000.00. Check it before you accept.')
      .waitFor();
    await main(page)
      .getByRole('region', { name: /Price offered: ₦9,000,000.00/ })
      .waitFor();
    await lookAt(page, 'order-price-changed');
    expect(
      (await get(app.server, `users/orders/${changing}`, customer.token)).body.data.offer,
    ).toMatchObject({ amount_kobo: 900_000_000, state: 'open' });
    await main(page)
      .getByRole('button', { name: `Accept ₦9,000,000.00 for ${changing}` })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Yes, accept ₦9,000,000.00' })
      .click();
    await main(page)
      .getByRole('heading', { name: /Price accepted: ₦9,000,000.00/ })
      .waitFor();
    await page.context().close();
  });

  it('another order is cancelled by its customer and shows Cancelled on public tracking', async () => {
    const other = await bookDelivery(app.server, customer.token);
    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto(`/orders/${other}`);
    await arrive(page, `/orders/${other}`, 'Your order');
    await main(page).getByRole('button', { name: 'Cancel order' }).click();
    await main(page)
      .getByRole('textbox', { name: /Why are you cancelling/ })
      .fill('We are staying after all');
    await main(page).getByRole('button', { name: 'Cancel the order' }).click();
    await expect
      .poll(() => main(page).locator('[aria-current="step"] h3').textContent())
      .toBe('Cancelled');

    const visitor = await (await app.browser.newContext({ baseURL: app.server.origin })).newPage();
    await visitor.goto(`/package-details?reference=${other}`);
    await arrive(visitor, '/package-details', 'Package details');
    await expect
      .poll(() => main(visitor).locator('[aria-current="step"] h3').textContent())
      .toBe('Cancelled');
    expect(await main(visitor).textContent()).not.toContain('We are staying after all');
    await visitor.context().close();
    await page.context().close();
  });

  it('a customer on /staff is told it is not for them', async () => {
    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto('/staff');
    await arrive(page, '/staff', 'Not allowed');
    await page.context().close();
  });
});
