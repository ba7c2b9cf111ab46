/**
 * Paying for an order in real Chromium against the real server and its built-in Paystack test
 * gateway (docs/using-the-site.md, "Paying for an order", "Payments for staff"): the customer
 * accepts a price, pays in the TEST MODE checkout, sees Paid and opens the receipt, which prints on
 * one A4 page; staff record a cash payment on another order; a paid order cancelled within 3 days
 * of its pickup shows the fee and the refund before the cancellation is confirmed. Screenshots of
 * each screen at 1280 and 390 px go to tests/.artifacts/screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '../../src/api/contract';
import { get, inDays, post, signUp, scheduledDelivery, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { acceptedOrder, pay, verify } from '../support/payments';
import { signUpStaff } from '../support/staff';

const SHOTS = path.resolve('tests/.artifacts/screenshots');
const PRICE = 48_500_000;

let app: App;
let staff: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await startApp();
  staff = await signUpStaff(app.server);
  customer = await signUp(app.server);
});
afterAll(() => app?.close());

const main = (on: Page) => on.getByRole('main');

async function lookAt(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
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

/** A PDF's page count: its page objects (`/Type /Page`, not `/Pages`). */
const pdfPages = (pdf: Buffer) =>
  pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

describe('paying in Chromium', () => {
  it('the customer accepts a price, pays in the test checkout, sees Paid and opens the receipt, which prints on one A4 page', async () => {
    const booked = await post(
      app.server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), pickup_date: inDays(10), delivery_date: inDays(11) },
      customer.token,
    );
    const reference = booked.body.data.reference_number as string;
    await post(
      app.server,
      `staff/orders/${reference}/offer`,
      { amount_kobo: PRICE, valid_until: inDays(7) },
      staff.token,
    );

    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto(`/orders/${reference}`);
    await main(page).getByRole('button', { name: 'Accept ₦485,000.00' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, accept ₦485,000.00' }).click();
    const payButton = main(page).getByRole('button', { name: 'Pay ₦485,000.00' });
    await payButton.waitFor();
    await main(page)
      .getByRole('region', { name: 'Payment' })
      .locator('.payment-badge', { hasText: /^Unpaid$/ })
      .waitFor();
    await lookAt(page, 'order-unpaid');

    await payButton.click();
    await page.getByText('TEST MODE').first().waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL((url) => url.pathname === `/orders/${reference}`);
    const payment = main(page).getByRole('region', { name: 'Payment' });
    await payment.locator('.payment-badge', { hasText: /^Paid$/ }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await main(page).getByRole('button', { name: /^Pay / }).count()).toBe(0);
    const receiptLink = payment.getByRole('link', { name: /^RCT-\d{4}-\d{6}$/ });
    await receiptLink.waitFor();
    await lookAt(page, 'order-paid');

    const number = (await receiptLink.textContent())!;
    await receiptLink.click();
    await page.waitForURL((url) => url.pathname === `/orders/${reference}/receipts/${number}`);
    const sheet = main(page).getByRole('article', { name: 'Receipt' });
    await sheet.getByText('₦485,000.00').first().waitFor();
    const text = await sheet.innerText();
    for (const expected of [number, reference, customer.email, 'WAT'])
      expect(text).toContain(expected);
    await lookAt(page, 'receipt');

    // Printing leaves the site around the receipt out; page.pdf prints with the print styles unless told otherwise.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: 'A4' });
    fs.writeFileSync(path.join(SHOTS, 'receipt.pdf'), pdf);
    expect(pdfPages(pdf)).toBe(1);
    await page.context().close();
  });

  it('staff record a cash payment on another order, confirmed first, and the order is paid', async () => {
    const reference = await acceptedOrder(app.server, customer, staff, PRICE);
    const page = await freshPage();
    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname === '/login');
    await main(page)
      .getByLabel(/^Email/)
      .fill(staff.email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(staff.password);
    await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/staff');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.goto(`/staff/orders/${reference}`);

    const form = main(page).getByRole('form', { name: 'Record a payment' });
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form.getByText('Please enter the amount in naira.').waitFor();
    await form.getByRole('textbox', { name: /Amount in naira/ }).fill('485,000');
    await form.getByRole('combobox', { name: /Method/ }).selectOption('cash');
    await form.getByRole('textbox', { name: /Your reference/ }).fill('CASH-0042');
    await form.getByLabel(/Day received/).fill(inDays(0));
    await lookAt(page, 'staff-payment-form');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await main(page)
      .getByRole('group', { name: /Record ₦485,000.00 received by cash/ })
      .waitFor();
    await main(page).getByRole('button', { name: 'Yes, record it' }).click();
    const money = main(page).getByRole('region', { name: 'Payments' });
    await money.locator('.payment-badge', { hasText: /^Paid$/ }).waitFor();
    await money.getByRole('link', { name: /^RCT-/ }).waitFor();
    const answer = await get(app.server, `staff/orders/${reference}`, staff.token);
    expect(answer.body.data.payment).toMatchObject({
      state: 'paid',
      paid_kobo: PRICE,
      balance_kobo: 0,
    });
    await page.context().close();
  });

  it('a paid order cancelled within 3 days of its pickup shows the fee and the refund before it is confirmed', async () => {
    const reference = await acceptedOrder(app.server, customer, staff, PRICE, 2);
    // Verified on return, as the order page does, rather than waiting for the webhook.
    await verify(app.server, reference, await pay(app.server, reference, customer), customer);
    const { cancellation } = (await get(app.server, `users/orders/${reference}`, customer.token))
      .body.data;
    expect(cancellation.fee_kobo).toBeGreaterThan(0);
    expect(cancellation.fee_kobo + cancellation.refund_kobo).toBe(PRICE);

    const page = await freshPage();
    await signInAs(page, customer);
    await page.goto(`/orders/${reference}`);
    await main(page).getByRole('button', { name: 'Cancel order' }).click();
    const form = main(page).getByRole('form', { name: 'Cancel the order' });
    await form.getByText(formatNaira(cancellation.fee_kobo)).waitFor();
    await form.getByText(formatNaira(cancellation.refund_kobo)).waitFor();
    await form.getByLabel(/Why are you cancelling/).fill('The move is off');
    await form.getByRole('button', { name: 'Cancel the order' }).click();

    const review = main(page).getByRole('group', { name: /^Cancel RL-/ });
    await review.waitFor();
    expect(await review.innerText()).toContain(
      `cancellation fee of ${formatNaira(cancellation.fee_kobo)}`,
    );
    // Nothing is cancelled before the second Yes.
    expect(
      (await get(app.server, `users/orders/${reference}`, customer.token)).body.data.status,
    ).toBe('ToInspect');
    await lookAt(page, 'cancel-dialog');
    await review
      .getByRole('button', {
        name: `Yes, cancel and refund ${formatNaira(cancellation.refund_kobo)}`,
      })
      .click();
    await expect
      .poll(
        async () =>
          (await get(app.server, `users/orders/${reference}`, customer.token)).body.data.status,
      )
      .toBe('Cancelled');
    await main(page)
      .getByRole('region', { name: 'Payment' })
      .getByText(formatNaira(cancellation.refund_kobo))
      .first()
      .waitFor();
    await page.context().close();
  });
});
