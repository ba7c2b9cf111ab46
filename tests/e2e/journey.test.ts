/**
 * The customer's journey on a 390 × 844 phone in Chromium (issue 35, docs/decisions/keep-my-place.md):
 * a visitor fills Deliver Now and sees its price, is asked to log in when booking and told why,
 * signs up, verifies with the mailed code, logs in and is back on Deliver Now with what they typed.
 * Accepting a price asks first, naming the amount, and Pay shows at once, in My bookings and on
 * the order's page, without a reload. No staff-only word reaches a customer's page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, inDays, instantDelivery, post, signUp, uniqueEmail } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { codeFrom, lastMailTo } from '../support/mail';
import { bookDelivery } from '../support/shipments';
import { opsTokenOf, signUpStaff } from '../support/staff';
import { acceptedMove, pay } from '../support/payments';

let app: App;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 390, height: 844 } });
});
afterAll(() => app?.close());

const PASSWORD = 'Suya by the lagoon 9';
const main = (page: Page) => page.getByRole('main');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${escape(label)}`));
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

async function phone(): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

async function arrive(page: Page, pathname: string, heading: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

async function mailedCode(to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const mail = await lastMailTo(app.server, to);
    if (mail) return codeFrom(mail.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code mailed to ${to}`);
}

describe('keep my place', () => {
  it('from /express-delivery through sign-up, code and login back to /express-delivery with the draft', async () => {
    const page = await phone();
    await page.goto('/express-delivery');
    await arrive(page, '/express-delivery', 'Deliver Now');
    // The price before any account: the example tariff prices Ikeja → Eti-Osa at ₦6,000. The
    // first move on the page (here a keyboard user's focus) loads the places and prices.
    await field(page, 'Pickup state').focus();
    await field(page, 'Pickup state').selectOption('Lagos');
    await field(page, 'Pickup LGA').click();
    await field(page, 'Pickup LGA').pressSequentially('Ikeja');
    await field(page, 'Delivery state').selectOption('Lagos');
    await field(page, 'Delivery LGA').click();
    await field(page, 'Delivery LGA').pressSequentially('Eti-Osa');
    await expect
      .poll(() => main(page).locator('.price-preview [role="status"]').innerText(), {
        timeout: 15_000,
      })
      .toContain('₦6,000.00');
    const values = instantDelivery();
    await field(page, 'Pick up Address').fill(values.pickup_address);
    await field(page, "Sender's Full Name").fill(values.sender_fullname);
    await field(page, 'Additional information').fill(values.description);
    await field(page, 'Declared value').fill('150,000');
    await button(page, 'Book Now').click();

    await arrive(page, '/login', 'Log In');
    await main(page)
      .getByText('Log in or create an account to book; what you typed is kept.')
      .waitFor();
    await main(page).getByRole('link', { name: 'Sign up' }).click();
    await arrive(page, '/signup', 'Sign Up');
    const email = uniqueEmail('e2e-journey');
    await field(page, 'Full Name').fill('Ada Obi');
    await field(page, 'Email').fill(email);
    await field(page, 'Phone Number').fill('08031234567');
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm Password').fill(PASSWORD);
    await button(page, 'Sign Up').click();
    await page.getByText('Registration Successful').waitFor();
    // docs/product.md: /email-verification after 3 s, /login 3 s after the code.
    await arrive(page, '/email-verification', 'Email Verification');
    await field(page, 'Verification code').fill(await mailedCode(email));
    await button(page, 'Verify').click();
    await page.getByText('Email verified successfully').waitFor();
    await arrive(page, '/login', 'Log In');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    await field(page, 'Password').fill(PASSWORD);
    await button(page, 'Log In').click();
    await page.getByText('Login Successful').waitFor();

    await arrive(page, '/express-delivery', 'Deliver Now');
    expect(await field(page, 'Pick up Address').inputValue()).toBe(values.pickup_address);
    expect(await field(page, "Sender's Full Name").inputValue()).toBe(values.sender_fullname);
    expect(await field(page, 'Additional information').inputValue()).toBe(values.description);
    expect(await field(page, 'Pickup LGA').inputValue()).toBe('Ikeja');
    await expect
      .poll(() => main(page).locator('.price-preview [role="status"]').innerText())
      .toContain('₦6,000.00');
    expect(await field(page, 'Declared value').inputValue()).toBe('150,000');
    // Signed in now: no gate note, and Book Now books; the order shows the declared value.
    expect(await main(page).getByText('what you typed is kept').count()).toBe(0);
    await field(page, 'Delivery Address').fill(values.dilivery_address);
    await field(page, "Receiver's Full Name").fill(values.receiver_fullname);
    await field(page, "Sender's Phone Number").fill(values.sender_number);
    await field(page, "Receiver's Phone Number").fill(values.receiver_number);
    await button(page, 'Book Now').click();
    await page.waitForURL((url) => url.pathname === '/thank-you', { timeout: 20_000 });
    const reference = new URL(page.url()).searchParams.get('reference')!;
    await page.goto(`/orders/${reference}`);
    const declared = main(page).locator('.order-facts div', { hasText: 'Declared value' });
    await declared.waitFor();
    expect(await declared.innerText()).toContain('₦150,000.00');
    await page.context().close();
  });
});

describe('pay at once', () => {
  it('accepting asks first, naming the amount; Pay shows at once in My bookings and on the order page', async () => {
    const customer = await signUp(app.server);
    const staff = await signUpStaff(app.server);
    const [inList, onPage] = [
      await bookDelivery(app.server, customer.token),
      await bookDelivery(app.server, customer.token),
    ];
    for (const [reference, amount_kobo] of [
      [inList, 80_000_000],
      [onPage, 1_250_000],
    ] as const)
      await post(
        app.server,
        `staff/orders/${reference}/offer`,
        { amount_kobo, valid_until: inDays(7) },
        staff.token,
      );
    const page = await phone();
    await signInAs(page, customer);

    await page.goto('/profile');
    const row = main(page).locator('li.booking', { hasText: inList });
    await row.getByRole('button', { name: `Accept ₦800,000.00 for ${inList}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept ₦800,000.00?' });
    await dialog.waitFor();
    // Not now leaves the offer open: nothing was sent.
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `Accept ₦800,000.00 for ${inList}` }).click();
    await dialog.getByRole('button', { name: 'Yes, accept ₦800,000.00' }).click();
    await row.getByRole('button', { name: 'Pay ₦800,000.00' }).waitFor();
    expect(await row.innerText()).not.toContain('We will be in touch');
    await row.getByText('You accepted this price. Pay it to confirm the job.').waitFor();

    await page.goto(`/orders/${onPage}`);
    await main(page)
      .getByRole('button', { name: `Accept ₦12,500.00 for ${onPage}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Accept ₦12,500.00?' })
      .getByRole('button', { name: 'Yes, accept ₦12,500.00' })
      .click();
    await main(page).getByRole('button', { name: 'Pay ₦12,500.00' }).waitFor();
    await main(page).getByText('You accepted this price. Pay it to confirm the job.').waitFor();
    await page.context().close();
  });
});

/** Words of the staff's tools and notes that a customer's page must not show (issue 35). */
const internalWords = [
  'ops command',
  'tariff version',
  '(confirmed)',
  'unpaid (confirmed)',
  'kobo',
  'by staff',
  'by the customer',
];
/** The tracking page keeps the spec's service labels (docs/product.md); the customer's own pages do not. */
const trackingLabels = ['State Service', 'Local Service', 'Office Service'];

describe("the customer's words", () => {
  it('no internal word on any customer page', async () => {
    const customer = await signUp(app.server);
    const staff = await signUpStaff(app.server);
    // An inter-state move priced, part paid, then shipped unpaid by staff (a staff-only note),
    // and a delivery priced by the ops command.
    const move = await acceptedMove(app.server, customer, staff, 40_000_000, 20);
    await pay(app.server, move, customer);
    const shipped = await post(
      app.server,
      `staff/orders/${move}/status`,
      { status: 'Shipped', confirm_unpaid: true },
      staff.token,
    );
    const delivery = await bookDelivery(app.server, customer.token);
    expect(
      (
        await post(
          app.server,
          `staff/orders/${delivery}/offer`,
          { amount_kobo: 1_500_000, valid_until: inDays(7) },
          opsTokenOf(app.server),
        )
      ).status,
    ).toBe(200);
    let receipt = '';
    for (let tries = 0; tries < 50 && !receipt; tries++) {
      const order = await get(app.server, `users/orders/${move}`, customer.token);
      receipt = order.body.data.receipts?.[0]?.number ?? '';
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt).not.toBe('');

    const page = await phone();
    await signInAs(page, customer);
    const pages: { path: string; ready: string; tracking?: boolean }[] = [
      { path: '/profile', ready: move },
      { path: `/orders/${move}`, ready: 'History' },
      { path: `/orders/${delivery}`, ready: 'History' },
      { path: `/orders/${move}/receipts/${receipt}`, ready: receipt },
      { path: `/package-details?reference=${move}`, ready: move, tracking: true },
      { path: '/express-delivery', ready: 'Deliver Now' },
      { path: '/get-quote', ready: 'Get A Quote' },
    ];
    const found: string[] = [];
    for (const { path, ready, tracking } of pages) {
      await page.goto(path);
      await main(page).getByText(ready).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const text = await page.locator('body').innerText();
      for (const word of [...internalWords, ...(tracking ? [] : trackingLabels)])
        if (text.includes(word)) found.push(`${path}: "${word}"`);
    }
    expect(found).toEqual([]);
    // The history still tells the customer what happened, in their words.
    await page.goto(`/orders/${move}`);
    await main(page).getByText('Status: Shipped').waitFor();
    await main(page).getByText('Inter-state move').waitFor();
    expect(shipped.status).toBe(200);
    await page.context().close();
  });
});
