/**
 * The staff workspace in real Chromium: its own shell (no public header, footer or WhatsApp
 * bubble), the Overview's counts opening the queue filtered to those orders, and the queue's
 * filters living in the address: a reload, the back button and a pasted link keep them; `/`
 * puts the cursor in the search box. Screenshots at 1280, 768 and 390 px go to
 * tests/.artifacts/screenshots for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, post, scheduledDelivery, signUp, type Customer } from '../support/api';
import { startApp, type App } from '../support/browser';
import { signUpStaff } from '../support/staff';

const SHOTS = path.resolve('tests/.artifacts/screenshots');

let app: App;
let staff: Customer;
const references: string[] = [];

async function book(customer: Customer, pickupDate: string) {
  const answer = await post(
    app.server,
    'users/schedule/delivery',
    { ...scheduledDelivery(), pickup_date: pickupDate, delivery_date: inDays(20) },
    customer.token,
  );
  references.push(answer.body.data.reference_number);
  return answer.body.data.reference_number as string;
}

beforeAll(async () => {
  app = await startApp();
  staff = await signUpStaff(app.server);
  const customer = await signUp(app.server);
  for (const days of [0, 0, 1, 4]) await book(customer, inDays(days));
  await post(
    app.server,
    `staff/orders/${references[3]}/offer`,
    { amount_kobo: 18_500_000, valid_until: inDays(7) },
    staff.token,
  );
}, 120_000);
afterAll(() => app?.close());

async function staffPage(width = 1280): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width, height: 800 },
  });
  await context.addInitScript(
    ({ token, id }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('id', id);
      localStorage.setItem('role', 'staff');
    },
    { token: staff.token, id: String(staff.id) },
  );
  return context.newPage();
}

async function lookAt(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const rowReferences = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: /^RL-/ }).allTextContents();

describe('the staff workspace', () => {
  it('has its own shell: sections, the staff member and Log out, and no public header, footer or WhatsApp bubble', async () => {
    const page = await staffPage();
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Staff workspace' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Orders',
      'Dispatch',
      'Crews',
      'Applications',
      'Subscribers',
      'Prices',
    ]);
    await page.getByText('Ada Obi').first().waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByText(/Chat with us on WhatsApp/i).count()).toBe(0);
    expect(await page.getByText(/newsletter/i).count()).toBe(0);
    await page.getByRole('link', { name: /^2\s*Pickups and moves today/ }).waitFor();
    await lookAt(page, 'staff-overview');
    await page.context().close();
  });

  it('opens the queue from a count, filtered to exactly those orders, and keeps the filters on reload and back', async () => {
    const page = await staffPage();
    await page.goto('/staff');
    await page.getByRole('link', { name: /Pickups and moves today/ }).click();
    await page.waitForURL((url) => url.pathname === '/staff/orders');
    expect(new URL(page.url()).searchParams.get('job_from')).toBe(inDays(0));
    await expect.poll(() => rowReferences(page)).toHaveLength(2);
    expect((await rowReferences(page)).sort()).toEqual(references.slice(0, 2).sort());
    await lookAt(page, 'staff-queue-filtered');

    await page.reload();
    await expect.poll(() => rowReferences(page)).toHaveLength(2);
    expect(await page.getByLabel('Job from').inputValue()).toBe(inDays(0));

    await page.getByLabel('Status').selectOption('Delivered');
    await page.waitForURL((url) => url.searchParams.get('status') === 'Delivered');
    await page.getByText('No orders match.').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('status') === 'open');
    await expect.poll(() => rowReferences(page)).toHaveLength(2);
    expect(await page.getByLabel('Status').inputValue()).toBe('open');
    await page.context().close();
  });

  it('takes a pasted link with a search, and `/` puts the cursor in the search box', async () => {
    const page = await staffPage();
    await page.goto(`/staff/orders?q=${references[3]}&sort=job_date`);
    await expect.poll(() => rowReferences(page)).toEqual([references[3]]);
    expect(await page.getByRole('searchbox', { name: /Search/ }).inputValue()).toBe(references[3]);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'search',
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'nobody@example.com');
    await page.getByText('No orders match.').waitFor();
    await page.goBack();
    await expect.poll(() => rowReferences(page)).toEqual([references[3]]);
    await page.goto('/staff/orders');
    await expect.poll(async () => (await rowReferences(page)).length).toBe(references.length);
    await lookAt(page, 'staff-queue');
    await page.context().close();
  });
});
