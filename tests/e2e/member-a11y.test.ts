/**
 * axe finds no violations on the account pages a visitor meets and on every members' page, at
 * desktop width and on a 375 px phone, signed in as a real customer.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Customer } from '../support/api';
import { startApp, type App } from '../support/browser';

const visitorPages = [
  '/login',
  '/signup',
  '/forgot-password',
  '/otp-verification',
  '/reset-password',
  '/email-verification',
  '/resend-otp',
  '/track',
];
const memberPages = [
  '/get-quote',
  '/interstate-quote',
  '/local-quote',
  '/office-quote',
  '/express-delivery',
  '/schedule-delivery',
  '/bulk-delivery',
  '/profile',
  '/profile-update',
  '/change-password',
  '/deactivate-account',
  '/thank-you?reference=RL-ABCDEFGH23',
];

const violationsOf = async (app: App, path: string) => {
  const page = await app.open(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  await page.close();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
};

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
])('accessibility of the account and members’ pages on %s', (_name, viewport) => {
  let app: App;
  let customer: Customer;
  beforeAll(async () => {
    app = await startApp({ viewport });
    customer = await signUp(app.server);
  });
  afterAll(() => app?.close());

  it.each(visitorPages)('%s has no axe violations', async (path) => {
    expect(await violationsOf(app, path)).toEqual([]);
  });

  it.each(memberPages)('%s has no axe violations for a member', async (path) => {
    await app.context.addInitScript(
      ({ token, id }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('id', id);
      },
      { token: customer.token, id: String(customer.id) },
    );
    expect(await violationsOf(app, path)).toEqual([]);
  });
});
