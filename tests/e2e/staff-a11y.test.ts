/**
 * axe finds no violations on every staff page (as staff), the "not allowed" page (as a customer)
 * and the customer's order page with an open offer; and the money screens: an accepted price to
 * pay (the customer's Pay, the staff's payment form), a paid order with its receipt, and the
 * receipt page for both; at 1280 px, on a 768 px tablet and on a 375 px phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, inDays, post, signUp, type Customer } from '../support/api';
import { startApp, type App } from '../support/browser';
import { bookDelivery } from '../support/shipments';
import { acceptedOrder, pay, verify } from '../support/payments';
import { signUpStaff } from '../support/staff';

async function contextAs(
  app: App,
  member: Customer,
  role: 'staff' | 'customer',
  viewport: { width: number; height: number },
) {
  const context = await app.browser.newContext({ baseURL: app.server.origin, viewport });
  await context.addInitScript(
    ({ token, id, role: stored }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('id', id);
      localStorage.setItem('role', stored);
    },
    { token: member.token, id: String(member.id), role },
  );
  return context;
}

async function violationsOf(context: BrowserContext, path: string, ready: string) {
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.getByText(ready).first().waitFor();
  const { violations } = await new AxeBuilder({ page }).analyze();
  await page.close();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['tablet', { width: 768, height: 1024 }],
  ['phone', { width: 375, height: 740 }],
])('accessibility of the staff pages and the order page on %s', (_name, viewport) => {
  let app: App;
  let staff: BrowserContext;
  let customer: BrowserContext;
  let reference: string;
  let unpaid: string;
  let paid: string;
  let receipt: string;

  beforeAll(async () => {
    app = await startApp({ viewport });
    const staffMember = await signUpStaff(app.server);
    const member = await signUp(app.server);
    reference = await bookDelivery(app.server, member.token);
    await post(
      app.server,
      `staff/orders/${reference}/offer`,
      { amount_kobo: 18_500_000, note: 'Two vans', valid_until: inDays(7) },
      staffMember.token,
    );
    await post(app.server, 'Packer-Registration', {
      full_name: 'Bisi Ade',
      age: 31,
      mobile_number: '08031234567',
      location: 'Ikeja',
    });
    await post(app.server, 'newsletter', { email: 'reader@example.com' });
    unpaid = await acceptedOrder(app.server, member, staffMember, 48_500_000);
    paid = await acceptedOrder(app.server, member, staffMember, 48_500_000);
    // Back from the checkout, as the order page does: paid once the server has verified it
    // (the gateway's webhook may still be on its way).
    await verify(app.server, paid, await pay(app.server, paid, member), member);
    receipt = (await get(app.server, `users/orders/${paid}`, member.token)).body.data.receipts[0]
      .number;
    staff = await contextAs(app, staffMember, 'staff', viewport);
    customer = await contextAs(app, member, 'customer', viewport);
  });
  afterAll(() => app?.close());

  it('/staff (the overview) has no axe violations', async () => {
    expect(await violationsOf(staff, '/staff', 'Need a price')).toEqual([]);
  });
  it('/staff/orders has no axe violations', async () => {
    expect(await violationsOf(staff, '/staff/orders', reference)).toEqual([]);
  });
  it('/staff/orders with filters from the address has no axe violations', async () => {
    expect(
      await violationsOf(
        staff,
        `/staff/orders?status=open&sort=job_date&q=${reference}`,
        reference,
      ),
    ).toEqual([]);
  });
  it('/staff/orders/:reference has no axe violations', async () => {
    expect(await violationsOf(staff, `/staff/orders/${reference}`, 'Send a price')).toEqual([]);
  });
  it('/staff/applications has no axe violations', async () => {
    expect(await violationsOf(staff, '/staff/applications', 'Bisi Ade')).toEqual([]);
  });
  it('/staff/subscribers has no axe violations', async () => {
    expect(await violationsOf(staff, '/staff/subscribers', 'reader@example.com')).toEqual([]);
  });
  it('/staff for a customer ("not allowed") has no axe violations', async () => {
    expect(await violationsOf(customer, '/staff', 'Not allowed')).toEqual([]);
  });
  it('/orders/:reference with an open offer has no axe violations', async () => {
    expect(await violationsOf(customer, `/orders/${reference}`, 'Two vans')).toEqual([]);
  });
  it('/orders/:reference with a price to pay has no axe violations', async () => {
    expect(await violationsOf(customer, `/orders/${unpaid}`, 'Pay ₦485,000.00')).toEqual([]);
  });
  it('/orders/:reference paid, with its receipt, has no axe violations', async () => {
    expect(await violationsOf(customer, `/orders/${paid}`, receipt)).toEqual([]);
  });
  it('/orders/:reference/receipts/:number has no axe violations, for the owner and for staff', async () => {
    expect(
      await violationsOf(
        customer,
        `/orders/${paid}/receipts/${receipt}`,
        'Thank you for your payment',
      ),
    ).toEqual([]);
    expect(
      await violationsOf(
        staff,
        `/orders/${paid}/receipts/${receipt}`,
        'Thank you for your payment',
      ),
    ).toEqual([]);
  });
  it('/staff/orders/:reference with the office payment form has no axe violations', async () => {
    expect(
      await violationsOf(
        staff,
        `/staff/orders/${unpaid}`,
        'Record a payment received at the office',
      ),
    ).toEqual([]);
  });
});
