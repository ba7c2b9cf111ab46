/**
 * The day's work in real Chromium (docs/crews.md): staff assign an order to a crew for a window
 * from its page; the customer's order page shows who is coming; the crew member logs in on a
 * 360 px phone, lands on /crew, picks the parcel up and delivers it with the handover code the
 * receiver was texted (read from the Termii test gateway's inbox); the customer's page then shows
 * the proof. Then, on another job, the phone without network: On the way and Arrived wait on the
 * phone and arrive in order, with the times they were taken, when the network is back.
 * Screenshots of the crew's phone and of the customer's page go to tests/.artifacts/screenshots
 * for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { assign, makeCrew } from '../support/crews';
import { bookDelivery } from '../support/shipments';
import { signUpStaff } from '../support/staff';
import { inboxUrl } from '../support/texts';

const SHOTS = path.resolve('tests/.artifacts/screenshots');
const PHONE = { width: 360, height: 740 };
const RECEIVER = '2348051234567';

let app: App;
let staff: Customer;
let customer: Customer;
let member: Customer;
let reference: string;
let crewId: string;

beforeAll(async () => {
  app = await startApp();
  staff = await signUpStaff(app.server);
  customer = await signUp(app.server);
  member = await signUp(app.server);
  ({ id: crewId } = await makeCrew(app.server, staff.token, {
    name: 'Alpha',
    plate: 'KJA-555-AA',
    members: [member.email],
  }));
  reference = await bookDelivery(app.server, customer.token);
});
afterAll(() => app?.close());

const main = (on: Page) => on.getByRole('main');

async function freshPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.server.origin,
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  return context.newPage();
}

/** Opens `start` (a page that asks for a login, or /login itself) and logs in as `who`. */
async function logIn(
  page: Page,
  start: string,
  who: Customer,
  lands: string,
  heading: string | RegExp,
) {
  await page.goto(start);
  await page.waitForURL((url) => url.pathname === '/login');
  await main(page)
    .getByLabel(/^Email/)
    .fill(who.email);
  await main(page)
    .getByLabel(/^Password/)
    .fill(who.password);
  await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === lands);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Day and `HH:MM` in Lagos, `minutes` from now. */
function lagosAt(minutes: number) {
  const parts = Object.fromEntries(
    lagosClock
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * A window that starts in a few minutes, so the customer sees the crew at once (from an hour
 * before it) and the crew has the job today; near midnight, one just after it.
 */
function windowSoon() {
  const start = lagosAt(5);
  if (start.time < '23:30') {
    const end = lagosAt(65);
    return {
      date: start.date,
      start: start.time,
      end: end.date === start.date ? end.time : '23:59',
    };
  }
  return { date: lagosAt(60).date, start: '00:10', end: '02:00' };
}

/** The code the receiver was texted, as the test gateway's inbox shows it. */
async function handoverCode(): Promise<string> {
  const inbox = await freshPage();
  try {
    for (let tries = 0; tries < 40; tries += 1) {
      await inbox.goto(inboxUrl(app.server));
      const code = /handover code is (\d{4})/.exec(await inbox.locator('body').innerText())?.[1];
      if (code) return code;
      await inbox.waitForTimeout(500);
    }
    throw new Error(`No handover code texted to ${RECEIVER}`);
  } finally {
    await inbox.context().close();
  }
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('the day’s work in Chromium', () => {
  const window = windowSoon();

  it('staff assign the order to a crew for a window from its page', async () => {
    const page = await freshPage();
    await logIn(page, '/staff', staff, '/staff', 'Overview');
    await page.goto(`/staff/orders/${reference}`);
    const crewPart = main(page).getByRole('region', { name: 'Crew' });
    await expect.poll(() => crewPart.innerText()).toContain('No crew yet.');
    await crewPart.getByRole('button', { name: 'Assign a crew' }).click();
    await crewPart
      .getByRole('combobox', { name: /^Crew/ })
      .selectOption({ label: 'Alpha · Van KJA-555-AA' });
    await crewPart.getByLabel(/^Day/).fill(window.date);
    await crewPart.getByLabel(/^Window starts/).fill(window.start);
    await crewPart.getByLabel(/^Window ends/).fill(window.end);
    await crewPart.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect
      .poll(() => crewPart.innerText(), { timeout: 10_000 })
      .toContain('Assigned to Alpha');
    await page.context().close();
  });

  it('the customer sees who is coming: the crew’s first name, vehicle, plate, window and Call', async () => {
    const page = await freshPage({ viewport: PHONE });
    await signInAs(page, customer);
    await page.goto(`/orders/${reference}`);
    const coming = main(page).getByRole('region', { name: 'Who is coming' });
    await coming.waitFor({ timeout: 10_000 });
    // Every test account signs up as Ada Obi (tests/support/api.ts): the crew's lead shows as Ada.
    const firstName = 'Ada';
    expect(await coming.innerText()).toContain(firstName);
    expect(await coming.innerText()).toContain('KJA-555-AA');
    expect(await coming.innerText()).toContain(`between ${window.start} and ${window.end}`);
    expect(
      await coming.getByRole('link', { name: `Call ${firstName}` }).getAttribute('href'),
    ).toMatch(/^tel:\+234/);
    await screenshot(page, 'crews-customer-coming-360');
    await page.context().close();
  });

  it('the crew member works the job on a 360 px phone: picks up, then delivers with the texted code', async () => {
    const page = await freshPage({
      viewport: PHONE,
      geolocation: { latitude: 6.4281, longitude: 3.4219, accuracy: 12 },
      permissions: ['geolocation'],
    });
    // Straight to the login page: a crew member lands on their jobs.
    await logIn(page, '/login', member, '/crew', 'Your jobs');
    const job = main(page).locator('article', { hasText: reference });
    await job.waitFor();
    const pickup = job.locator('li.crew-stop', { hasText: 'Pick-up' });
    const dropoff = job.locator('li.crew-stop', { hasText: 'Drop-off' });
    await screenshot(page, 'crews-phone-job-360');

    await pickup.getByRole('button', { name: 'On the way' }).click();
    await pickup.getByRole('button', { name: 'Picked up' }).click();
    await expect.poll(() => pickup.innerText(), { timeout: 15_000 }).toMatch(/Picked up/);
    expect(await pickup.getByRole('button', { name: 'Picked up' }).count()).toBe(0);

    await dropoff.getByRole('button', { name: 'On the way' }).click();
    await dropoff.getByRole('button', { name: 'Delivered' }).waitFor({ timeout: 15_000 });
    const code = await handoverCode();
    // The crew never sees the code: the page shows no four digits of it.
    expect(await page.locator('body').innerText()).not.toContain(`code is ${code}`);
    await dropoff.getByRole('button', { name: 'Delivered' }).click();
    await dropoff.getByLabel(/Code from the receiver/).fill(code);
    await screenshot(page, 'crews-phone-code-360');
    await dropoff.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect.poll(() => dropoff.innerText(), { timeout: 15_000 }).toMatch(/Delivered/);
    await page.context().close();
  });

  it('the customer then sees the order delivered, with the handover’s proof', async () => {
    const page = await freshPage({ viewport: PHONE });
    await signInAs(page, customer);
    await page.goto(`/orders/${reference}`);
    const stops = main(page).getByRole('region', { name: 'Stops' });
    await stops.waitFor({ timeout: 10_000 });
    await expect.poll(() => stops.innerText()).toContain('with the handover code');
    expect(await main(page).getByRole('region', { name: 'Who is coming' }).count()).toBe(0);
    await expect
      .poll(() => main(page).getByRole('listitem').filter({ hasText: 'Delivered' }).count())
      .toBeGreaterThan(0);
    await screenshot(page, 'crews-customer-proof-360');
    await page.context().close();
  });

  it('without network, On the way and Arrived wait on the phone, then arrive in order with the times they were taken', async () => {
    const other = await bookDelivery(app.server, customer.token);
    const assigned = await assign(app.server, staff.token, other, crewId, {
      date: window.date,
      window_start: window.start,
      window_end: window.end,
    });
    expect(assigned.status).toBe(200);
    const page = await freshPage({ viewport: PHONE });
    // Signed in as the crew member, as the login leaves the phone.
    await signInAs(page, member);
    await page.evaluate(() => localStorage.setItem('role', 'crew'));
    await page.goto('/crew');
    const pickup = main(page)
      .locator('article', { hasText: other })
      .locator('li.crew-stop', { hasText: 'Pick-up' });
    await pickup.waitFor();

    await page.context().setOffline(true);
    const tapped = Date.now();
    await pickup.getByRole('button', { name: 'On the way' }).click();
    await pickup.getByRole('button', { name: 'Arrived' }).click();
    await pickup.getByText(/^Arrived: Waiting for network… \(taken \d\d:\d\d\)$/).waitFor();
    await pickup.getByText(/^On the way: Waiting for network… \(taken \d\d:\d\d\)$/).waitFor();
    expect(await pickup.locator('.crew-state').textContent()).toBe('Arrived');
    await screenshot(page, 'crews-phone-offline-360');

    const back = Date.now();
    await page.context().setOffline(false);
    await pickup.getByRole('button', { name: 'Picked up' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => pickup.getByRole('list').count(), { timeout: 15_000 }).toBe(0);
    const history = (await get(app.server, `staff/orders/${other}`, staff.token)).body.data
      .history as { event: string; at: string; by: string }[];
    const crew = history.filter((line) => line.by === 'crew');
    expect(crew.map((line) => line.event)).toEqual(['on_the_way', 'arrived']);
    // Recorded at the taps, offline, not when they arrived.
    const times = crew.map((line) => Date.parse(line.at));
    expect(times[0]).toBeGreaterThanOrEqual(tapped - 1_000);
    expect(times[1]).toBeGreaterThanOrEqual(times[0]!);
    expect(times[1]).toBeLessThan(back);
    await page.context().close();
  });
});
