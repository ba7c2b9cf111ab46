/**
 * Prices in real Chromium against the real server (docs/prices.md): a customer chooses Ikeja →
 * Eti-Osa on Deliver Now and sees the price at once, books, and the thank-you page repeats it;
 * a move's estimate shows on the 3-step quote; staff raise that zone pair at /staff/prices, a
 * new booking gets the new price while the older order keeps its own. Screenshots of each page
 * at 390 and 1280 px go to tests/.artifacts/screenshots for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantDelivery, post, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { signUpStaff } from '../support/staff';

const SHOTS = path.resolve('tests/.artifacts/screenshots');

let app: App;
let customer: Customer;
let staff: Customer;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1280, height: 800 } });
  customer = await signUp(app.server);
  staff = await signUpStaff(app.server);
});
afterAll(() => app?.close());

const main = (on: Page) => on.getByRole('main');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (on: Page, label: string) => main(on).getByLabel(new RegExp(`^${escape(label)}`));

async function lookAt(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function pageAs(who: Customer): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signInAs(page, who);
  return page;
}

/** Staff log in through the login page, which keeps their role, and land on /staff/prices. */
async function staffPricesPage(): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/staff/prices');
  await page.waitForURL((url) => url.pathname === '/login');
  await main(page)
    .getByLabel(/^Email/)
    .fill(staff.email);
  await main(page)
    .getByLabel(/^Password/)
    .fill(staff.password);
  await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/staff/prices', { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Prices' }).waitFor();
  return page;
}

/** The place selectors as a keyboard user works them: pick the state, type the LGA. */
async function choosePlace(page: Page, label: string, state: string, lga: string) {
  // Reached as a keyboard user does: the first move on the page loads the places and prices.
  await field(page, `${label} state`).focus();
  await field(page, `${label} state`).selectOption(state);
  const lgaInput = field(page, `${label} LGA`);
  await lgaInput.click();
  await lgaInput.pressSequentially(lga);
}

const previewText = (page: Page) =>
  main(page).locator('.price-preview [role="status"]').innerText();

describe('prices in Chromium', () => {
  let firstReference: string;

  it('a visitor chooses Ikeja → Eti-Osa on Deliver Now, sees the price, books, and the thank-you page repeats it', async () => {
    const page = await pageAs(customer);
    await page.goto('/express-delivery');
    await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
    await expect
      .poll(() => previewText(page), { timeout: 15_000 })
      .toContain('Choose the pickup and delivery');
    await choosePlace(page, 'Pickup', 'Lagos', 'Ikeja');
    await choosePlace(page, 'Delivery', 'Lagos', 'Eti-Osa');
    // The example tariff: Lagos Mainland ↔ Lekki–Ajah ₦4,500, and Deliver Now's ₦1,500 on top.
    await expect.poll(() => previewText(page)).toContain('₦6,000.00');
    const values = instantDelivery();
    await field(page, 'Pick up Address').fill(values.pickup_address);
    await field(page, 'Delivery Address').fill(values.dilivery_address);
    await field(page, "Sender's Full Name").fill(values.sender_fullname);
    await field(page, "Receiver's Full Name").fill(values.receiver_fullname);
    await field(page, "Sender's Phone Number").fill(values.sender_number);
    await field(page, "Receiver's Phone Number").fill(values.receiver_number);
    await field(page, 'Additional information').fill(values.description);
    await lookAt(page, 'prices-deliver-now');
    await main(page).getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you', { timeout: 20_000 });
    await main(page).getByText('₦6,000.00').waitFor();
    firstReference = new URL(page.url()).searchParams.get('reference')!;
    await lookAt(page, 'prices-thank-you');
    await page.goto(`/orders/${firstReference}`);
    await main(page).getByText('₦6,000.00').first().waitFor();
    await lookAt(page, 'prices-order');
  });

  it("the 3-step quote shows a move's estimate as a range", async () => {
    const page = await pageAs(customer);
    await page.goto('/get-quote');
    await page.getByRole('heading', { level: 1, name: 'Get A Quote' }).waitFor();
    await choosePlace(page, 'Current home', 'Lagos', 'Ikeja');
    await field(page, 'Current apartment type').selectOption('2 Bedrooms');
    await field(page, 'Rooms at your current home').selectOption('2');
    await field(page, 'Current apartment floor').selectOption('2nd');
    await choosePlace(page, 'Destination', 'FCT', 'Abuja Municipal');
    await expect
      .poll(() => previewText(page), { timeout: 15_000 })
      .toMatch(/₦[\d,]+ – ₦[\d,]+, final price after inspection/);
    await lookAt(page, 'prices-quote');
  });

  it('staff raise a zone pair; a new booking gets the new price while the older order keeps its own', async () => {
    const page = await staffPricesPage();
    const pair = field(page, 'Lagos Mainland ↔ Lekki–Ajah, in naira');
    await pair.waitFor({ timeout: 15_000 });
    expect(await pair.inputValue()).toBe('4500');
    await pair.fill('5000');
    await lookAt(page, 'prices-staff');
    await main(page).getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('Prices saved as version 2').waitFor({ timeout: 15_000 });

    const ikejaToEtiOsa = {
      pickup_state: 'Lagos',
      pickup_lga: 'Ikeja',
      delivery_state: 'Lagos',
      delivery_lga: 'Eti-Osa',
    };
    const booked = await post(
      app.server,
      'users/StoreDilivery',
      { ...instantDelivery(), ...ikejaToEtiOsa },
      customer.token,
    );
    expect(booked.body.data.price).toEqual({ version: 2, amount_kobo: 650_000 });

    const customerPage = await pageAs(customer);
    await customerPage.goto(`/orders/${booked.body.data.reference_number}`);
    await main(customerPage).getByText('₦6,500.00').first().waitFor();
    await customerPage.goto(`/orders/${firstReference}`);
    await main(customerPage).getByText('₦6,000.00').first().waitFor();
    expect(await main(customerPage).innerText()).not.toContain('₦6,500.00');
  });

  it('a second editor on an older version is told, keeps what was typed, and sees the newer version', async () => {
    const first = await staffPricesPage();
    const second = await staffPricesPage();
    for (const page of [first, second])
      await field(page, 'Deliver Now surcharge over Scheduled, in naira').waitFor({
        timeout: 15_000,
      });
    await field(first, 'Deliver Now surcharge over Scheduled, in naira').fill('2000');
    await main(first).getByRole('button', { name: 'Save as a new version' }).click();
    await first.getByText('Prices saved as version 3').waitFor({ timeout: 15_000 });

    await field(second, 'Bulk: each extra receiver, in naira').fill('1200');
    await main(second).getByRole('button', { name: 'Save as a new version' }).click();
    await main(second)
      .getByText(/saved version 3 while you were editing/)
      .waitFor({ timeout: 15_000 });
    expect(await field(second, 'Bulk: each extra receiver, in naira').inputValue()).toBe('1200');
    await lookAt(second, 'prices-staff-conflict');
    await main(second)
      .getByRole('button', { name: /Keep my changes/ })
      .click();
    await main(second).getByRole('button', { name: 'Save as a new version' }).click();
    await second.getByText('Prices saved as version 4').waitFor({ timeout: 15_000 });
  });
});
