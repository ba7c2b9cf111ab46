/**
 * Tracking and the account pages in real Chromium against the real server, as one customer's
 * story: book (through the API), track it while staff move it along, edit the profile and see
 * the avatar change, change the password and log in with the new one, delete the account and
 * fail to log in with it. The customer is signed in by storing the session the way the login
 * page does; the login page itself is used only at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { bookDelivery, setStatus } from '../support/shipments';

const NEW_PASSWORD = 'Egusi soup on Sunday 7';

let app: App;
let customer: Customer;
let reference: string;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  customer = await signUp(app.server);
  reference = await bookDelivery(app.server, customer.token);
  page = app.page;
  await signInAs(page, customer);
});
afterAll(() => app?.close());

const main = (on: Page) => on.getByRole('main');

/** The URL changes before the lazily loaded page shows: wait for its heading too. */
async function arrive(on: Page, pathname: string, heading: string) {
  await on.waitForURL((url) => url.pathname === pathname);
  await on.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

const progress = (on: Page) => main(on).getByRole('progressbar', { name: 'Delivery progress' });
const step = (on: Page, name: string) =>
  main(on)
    .getByRole('list', { name: 'Shipment timeline' })
    .getByRole('listitem')
    .filter({ has: on.getByRole('heading', { name }) });

async function noAccessibilityProblems(on: Page) {
  const { violations } = await new AxeBuilder({ page: on }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

describe('tracking and the account in Chromium', () => {
  it('tracks the booking: an unknown code is explained and kept, the right one shows the timeline', async () => {
    await page.goto('/track');
    await arrive(page, '/track', 'Track a shipment');
    const code = main(page).getByLabel(/Tracking Code/);
    await code.fill('RL-2222222222');
    await main(page).getByRole('button', { name: 'Track', exact: true }).click();
    await main(page)
      .getByText(/No package was found with this tracking code/)
      .waitFor();
    expect(await code.inputValue()).toBe('RL-2222222222');

    await code.fill(reference);
    await main(page).getByRole('button', { name: 'Track', exact: true }).click();
    await arrive(page, '/package-details', 'Package details');
    expect(new URL(page.url()).searchParams.get('reference')).toBe(reference);
    await page.getByText('Package found').waitFor();
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('33');
    expect(await step(page, 'To Inspect').getAttribute('class')).toContain('is-active');
    expect(await step(page, 'Shipped').textContent()).toContain('Pending');
    await noAccessibilityProblems(page);
  });

  it('shows the timeline advance as staff move the shipment, after a reload and on Refresh', async () => {
    await setStatus(app.server, reference, 'Shipped');
    // Opened by its address, the page's HTML asks for the status itself, with no session and past
    // the CSP by its hash; the page takes that answer and does not ask again.
    const asked: { signedIn: boolean }[] = [];
    const blocked: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith('/api/v1/users/tracking/status'))
        asked.push({ signedIn: 'authorization' in request.headers() });
    };
    const onConsole = (message: ConsoleMessage) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    };
    page.on('request', onRequest).on('console', onConsole);
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '66',
    );
    page.off('request', onRequest).off('console', onConsole);
    expect(asked).toEqual([{ signedIn: false }]);
    expect(blocked).toEqual([]);
    expect(await step(page, 'Shipped').getAttribute('aria-current')).toBe('step');
    expect(await step(page, 'Shipped').textContent()).toMatch(
      /[A-Z][a-z]{2} \d{2}, \d{1,2}:\d{2} (am|pm)/,
    );

    await setStatus(app.server, reference, 'Delivered');
    await main(page).getByRole('button', { name: 'Refresh status' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '100',
    );
    expect(await step(page, 'Delivered').textContent()).not.toContain('Pending');
  });

  it('lists the booking on the account page, linking to its tracking page', async () => {
    await page.goto('/profile');
    await arrive(page, '/profile', 'Account');
    const booking = main(page).getByRole('link', { name: `Track ${reference}` });
    await booking.waitFor();
    const row = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Track ${reference}` }) });
    expect(await row.textContent()).toContain('Delivered');
    await noAccessibilityProblems(page);
    await booking.click();
    await arrive(page, '/package-details', 'Package details');
  });

  it('edits the profile; the new image shows in the header avatar at once', async () => {
    await page.goto('/profile-update');
    await arrive(page, '/profile-update', 'Profile');
    const name = main(page).getByLabel(/Full name/);
    await expect.poll(() => name.inputValue()).toBe('Ada Obi');
    expect(await main(page).getByLabel('Email').inputValue()).toBe(customer.email);
    await name.fill('Ada Nneka Obi');
    await main(page).getByRole('button', { name: 'Add a profile image' }).click();
    await main(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    // Made JPEG on the phone, named so (docs/using-the-site.md, "Photos").
    await main(page).getByRole('img', { name: 'Preview of me.jpg' }).waitFor();
    await main(page).getByRole('button', { name: 'Update profile' }).click();
    await page.getByText('User Profile updated successfully').waitFor();

    const avatar = page
      .getByRole('banner')
      .getByRole('link', { name: 'Your account' })
      .locator('img');
    await avatar.waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('profile_image'));
    expect(stored).toMatch(/^\/uploads\/\w+\.jpg$/);
    expect(await avatar.getAttribute('src')).toBe(`${app.server.origin}${stored}`);
    await expect
      .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  it('changes the password, which logs every device out, this one too; the login page takes the new one', async () => {
    const other = await freshPage();
    await other.page.goto('/login');
    await arrive(other.page, '/login', 'Log In');
    await main(other.page)
      .getByLabel(/^Email/)
      .fill(customer.email);
    await main(other.page)
      .getByLabel(/^Password/)
      .fill(customer.password);
    await main(other.page).getByRole('button', { name: 'Log In', exact: true }).click();
    await other.page.getByText('Login Successful').waitFor();

    await page.goto('/change-password');
    await arrive(page, '/change-password', 'Change password');
    await main(page)
      .getByLabel(/Old password/)
      .fill(customer.password);
    await main(page)
      .getByLabel(/^New password/)
      .fill(NEW_PASSWORD);
    await main(page)
      .getByLabel(/Confirm new password/)
      .fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    await arrive(page, '/login', 'Log In');
    await main(page)
      .getByText(
        'Your password has changed and every device was logged out. Please log in with your new password.',
      )
      .waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
    expect(
      await main(page)
        .getByLabel(/^Email/)
        .inputValue(),
    ).toBe(customer.email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Login Successful').waitFor();

    // The other device's session ended with the change: its next call is refused and it is signed out.
    await other.page.goto('/profile');
    await arrive(other.page, '/login', 'Log In');
    await other.context.close();
  });

  it('deletes the account: home, signed out, and the login page refuses it', async () => {
    await page.goto('/deactivate-account');
    await arrive(page, '/deactivate-account', 'Delete account');
    await main(page)
      .getByLabel(/Why are you leaving/)
      .fill('Moving abroad');
    await main(page)
      .getByLabel(/^Password/)
      .fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('User data deleted successfully.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();

    await page.goto('/login');
    await arrive(page, '/login', 'Log In');
    await main(page)
      .getByLabel(/^Email/)
      .fill(customer.email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Invalid email or password.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
