/**
 * Texts on the customer's phone, in real Chromium at a phone's width (issue 36): a customer
 * chooses SMS on their profile, books Deliver Now, and reads the text in the Termii test
 * gateway's inbox (the server keeps every message in test mode); then a visitor with no session
 * opens the text's private link `/t/<token>`, sees the order's status, and stops texts to that
 * number.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { inboxUrl } from '../support/texts';

const PHONE = { width: 360, height: 740 };

let app: App;
let customer: Customer;
let page: Page;

beforeAll(async () => {
  app = await startApp({ viewport: PHONE });
  customer = await signUp(app.server);
  page = app.page;
  await signInAs(page, customer);
});
afterAll(() => app?.close());

const main = (on = page) => on.getByRole('main');

async function noAccessibilityProblems(on: Page) {
  const { violations } = await new AxeBuilder({ page: on }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text naming `reference`, as the inbox shows it: a text's length from the reference on, then
 * the one before it (the link may come first).
 * Texts go out after the answer, through the outbox: the inbox is read again until it is there.
 */
async function textAbout(reference: string): Promise<string> {
  const inbox = await app.context.newPage();
  try {
    for (let tries = 0; tries < 40; tries += 1) {
      await inbox.goto(inboxUrl(app.server));
      const shown = await inbox.locator('body').innerText();
      const at = shown.indexOf(reference);
      if (at >= 0) return `${shown.slice(at, at + 200)}\n${shown.slice(Math.max(0, at - 200), at)}`;
      await inbox.waitForTimeout(500);
    }
    throw new Error(`No text about ${reference} in the test inbox`);
  } finally {
    await inbox.close();
  }
}

describe('texts about an order, and their private link, in Chromium', () => {
  it('a customer chooses SMS, books, and reads the text with its link in the test inbox; a visitor opens the link, sees the status and stops the texts', async () => {
    // The choice of texts, on the profile.
    await page.goto('/profile-update');
    const texts = main().getByRole('region', { name: 'Texts about your orders' });
    const sms = texts.getByRole('checkbox', { name: 'SMS (text message)' });
    await sms.waitFor();
    if (!(await sms.isChecked())) await sms.check();
    await texts.getByRole('button', { name: 'Save choice' }).click();
    await texts
      .getByRole('status')
      .getByText(/^Saved\. You get texts about your orders by SMS/)
      .waitFor();

    // A booking on the phone.
    await page.goto('/express-delivery');
    await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
    const fields: Record<string, string> = {
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      'Delivery Address': '3 Allen Avenue, Ikeja, Lagos',
      "Sender's Full Name": 'Ada Obi',
      "Receiver's Full Name": 'Chinedu Eze',
      "Sender's Phone Number": '0803 123 4567',
      "Receiver's Phone Number": '08051234567',
      'Additional information': 'A parcel of documents',
    };
    for (const [label, value] of Object.entries(fields))
      await main()
        .getByLabel(new RegExp(`^${escape(label)}`))
        .fill(value);
    await main().getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you');
    const reference = (await main().locator('.reference').textContent())!;
    expect(reference).toMatch(/^RL-[2-9A-HJ-NP-Z]{10}$/);

    // The text, as the customer's phone would show it, carries the private link.
    const text = await textAbout(reference);
    const token = text.match(/\/t\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token, `a /t/<token> link in ${text}`).toBeTruthy();
    // At least 128 bits of randomness: 22 characters of base64url, or more.
    expect(token!.length).toBeGreaterThanOrEqual(22);

    // A visitor with no session opens it on their own phone.
    const visitor = await app.browser.newContext({ baseURL: app.server.origin, viewport: PHONE });
    try {
      const phone = await visitor.newPage();
      const scripts: string[] = [];
      phone.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await phone.goto(`/t/${token}`);
      await phone.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
      await main(phone).getByText(reference, { exact: true }).waitFor();
      await main(phone)
        .getByRole('list', { name: 'Progress' })
        .getByRole('listitem')
        .first()
        .getByText('To Inspect')
        .waitFor();
      expect(await phone.locator('meta[name="referrer"]').getAttribute('content')).toBe(
        'no-referrer',
      );
      expect(await phone.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
      // The light page: its own script, not the app's.
      expect(scripts.some((url) => /\/assets\/track-link-[\w-]+\.js$/.test(url))).toBe(true);
      expect(scripts.some((url) => /\/assets\/framework-/.test(url))).toBe(false);
      await noAccessibilityProblems(phone);

      // Stop texts to this number, after confirming.
      const section = main(phone).getByRole('region', { name: 'Texts about this order' });
      await section.getByRole('button', { name: /^Stop texts to / }).click();
      await section.getByRole('button', { name: 'Keep texts' }).waitFor();
      await section.getByRole('button', { name: 'Yes, stop texts' }).click();
      await section
        .getByRole('status')
        .getByText(/^Done: .+ gets no more texts about orders\./)
        .waitFor();
      await noAccessibilityProblems(phone);

      // Opened again, the link says texts are already stopped.
      await phone.reload();
      await main(phone)
        .getByRole('region', { name: 'Texts about this order' })
        .getByText(/gets no texts about orders: it has opted out/)
        .waitFor();
    } finally {
      await visitor.close();
    }
  });
});
