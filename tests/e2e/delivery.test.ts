/**
 * Booking each kind of delivery in real Chromium against the real server: fill the form as a
 * customer does, read the reference on the thank-you page and in the mail, and find it on /track.
 * The customer is signed in by storing the session the way the login page does.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, signUp, type Customer } from '../support/api';
import { signInAs, startApp, type App } from '../support/browser';
import { readOutbox, referenceFrom } from '../support/mail';

let app: App;
let customer: Customer;
let page: Page;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 390, height: 844 } });
  customer = await signUp(app.server);
  page = app.page;
  await signInAs(page, customer);
});
afterAll(() => app?.close());

const main = () => page.getByRole('main');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The labelled field (its label ends with the required asterisk). */
const field = (label: string, within = main()) =>
  within.getByLabel(new RegExp(`^${escape(label)}`));

async function fill(values: Record<string, string>, within = main()) {
  for (const [label, value] of Object.entries(values)) await field(label, within).fill(value);
}

/** The URL changes before the lazily loaded page shows: wait for its heading too. */
async function arrive(pathname: string, heading: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

async function noAccessibilityProblems() {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** After Booking..., the success toast, then the thank-you page with the reference. */
async function referenceAfterBooking(toast: string): Promise<string> {
  await page.getByText(toast).waitFor();
  await arrive('/thank-you', 'Thank you!');
  const reference = await main().locator('.reference').textContent();
  expect(new URL(page.url()).searchParams.get('reference')).toBe(reference);
  expect(reference).toMatch(/^RL-[2-9A-HJ-NP-Z]{10}$/);
  return reference!;
}

/** The customer's mail names the reference. */
async function mailedReferences(): Promise<string[]> {
  return (await readOutbox(app.server))
    .filter((mail) => mail.to.includes(customer.email))
    .flatMap((mail) => {
      try {
        return [referenceFrom(mail.text)];
      } catch {
        return [];
      }
    });
}

/** /track finds the reference and shows it with its service type. */
async function trackShows(reference: string, serviceType: string) {
  await page.goto('/track');
  await arrive('/track', 'Track a shipment');
  await field('Tracking Code').fill(reference);
  await main().getByRole('button', { name: 'Track', exact: true }).click();
  await arrive('/package-details', 'Package details');
  await main().getByText(serviceType, { exact: true }).waitFor();
  expect(await main().locator('dd.reference').textContent()).toBe(reference);
}

describe('booking deliveries in Chromium', () => {
  it('books Deliver Now, shows the reference, mails it, and tracks it', async () => {
    await page.goto('/express-delivery');
    await arrive('/express-delivery', 'Deliver Now');
    await fill({
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      'Delivery Address': '3 Allen Avenue, Ikeja, Lagos',
      "Sender's Full Name": 'Ada Obi',
      "Receiver's Full Name": 'Chinedu Eze',
      "Sender's Phone Number": '0803 123 4567',
      "Receiver's Phone Number": '08051234567',
      'Additional information': 'A parcel of documents',
    });
    await noAccessibilityProblems();
    await main().getByRole('button', { name: 'Book Now' }).click();
    const reference = await referenceAfterBooking('Delivery created successfully');
    expect(await mailedReferences()).toContain(reference);
    await trackShows(reference, 'Instant Delivery');
  });

  it('refuses a scheduled delivery before its pickup, then books it once fixed', async () => {
    await page.goto('/schedule-delivery');
    await arrive('/schedule-delivery', 'Schedule a Delivery');
    await fill({
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      'Delivery Address': '4 Aminu Kano Crescent, Wuse 2, Abuja',
      "Sender's Full Name": 'Ada Obi',
      "Receiver's Full Name": 'Chinedu Eze',
      "Sender's Phone Number": '08031234567',
      "Receiver's Phone Number": '+2348051234567',
      'Pick up Date': inDays(3),
      'Delivery Date': inDays(1),
      'Additional information': 'Two boxes of books',
    });
    await main().getByRole('button', { name: 'Book Now' }).click();
    await main().getByText('Delivery cannot be before pickup.').waitFor();
    expect(await field('Delivery Date').getAttribute('aria-invalid')).toBe('true');
    await noAccessibilityProblems();

    await field('Delivery Date').fill(inDays(4));
    await main().getByRole('button', { name: 'Book Now' }).click();
    const reference = await referenceAfterBooking('Delivery created successfully');
    expect(await mailedReferences()).toContain(reference);
    await trackShows(reference, 'Scheduled Delivery');
  });

  it('books a bulk delivery to several receivers through the dialog, keeping them across a reload', async () => {
    await page.goto('/bulk-delivery');
    await arrive('/bulk-delivery', 'Bulk Delivery');
    await fill({
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      "Sender's Full Name": 'Ada Obi',
      "Sender's Phone Number": '08031234567',
      'Pick up Date': inDays(1),
      'Additional information': 'Office supplies',
    });
    expect(await main().getByRole('button', { name: 'Submit' }).count()).toBe(0);

    for (const name of ['Chinedu Eze', 'Ngozi Okafor']) {
      await main().getByRole('button', { name: "Add Receiver's Details" }).click();
      const dialog = page.getByRole('dialog', { name: "Add Receiver's Details" });
      await dialog.waitFor();
      await fill(
        {
          'Delivery Address': `${name} Street, Ikeja`,
          "Receiver's Full Name": name,
          "Receiver's Phone Number": '08051234567',
          'Delivery Date': inDays(2),
        },
        dialog,
      );
      if (name === 'Chinedu Eze')
        await new AxeBuilder({ page })
          .include('[role="dialog"]')
          .analyze()
          .then(({ violations }) => expect(violations.map((v) => v.id)).toEqual([]));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // Escape closes the dialog without touching the list; the keyboard reaches the card buttons.
    await main()
      .getByRole('button', { name: /^Edit Receiver 1,/ })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Edit Receiver 1' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.reload();
    await arrive('/bulk-delivery', 'Bulk Delivery');
    expect(await main().locator('.receiver-card').count()).toBe(2);
    expect(await field("Sender's Full Name").inputValue()).toBe('Ada Obi');
    await main()
      .getByRole('button', { name: /^Delete Receiver 1,/ })
      .click();
    expect(await main().locator('.receiver-card').count()).toBe(1);
    await noAccessibilityProblems();

    await main().getByRole('button', { name: 'Submit' }).click();
    const reference = await referenceAfterBooking('Bulk Delivery created successfully');
    expect(await mailedReferences()).toContain(reference);
    await trackShows(reference, 'Bulk Delivery');
  });
});
