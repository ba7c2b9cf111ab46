/** Every route of docs/product.md renders in Chromium; members' routes send a visitor to /login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

const publicRoutes = [
  '/',
  '/about',
  '/services',
  '/relocation',
  '/delivery',
  '/local',
  '/interstate',
  '/office',
  '/store',
  '/partner',
  '/move',
  '/pack',
  '/contact-us',
  '/faq',
  '/terms_and_conditions',
  '/login',
  '/signup',
  '/forgot-password',
  '/otp-verification',
  '/reset-password',
  '/email-verification',
  '/resend-otp',
  '/track',
  '/package-details',
  // Booking forms: a visitor fills them and logs in when sending (docs/decisions/keep-my-place.md).
  '/express-delivery',
  '/schedule-delivery',
];
const memberRoutes = [
  '/get-quote',
  '/interstate-quote',
  '/local-quote',
  '/office-quote',
  '/bulk-delivery',
  '/profile',
  '/profile-update',
  '/change-password',
  '/deactivate-account',
  '/thank-you',
];

describe('every route', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(publicRoutes)(
    '%s renders its page with a heading, a title of its own, header and footer',
    async (path) => {
      const page = await app.open(path);
      const heading = page.locator('main h1').first();
      await heading.waitFor();
      expect((await heading.textContent())?.trim()).not.toBe('');
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      expect(await page.title()).toMatch(/\| Relo Logistics$/);
      await page.close();
    },
  );

  it.each(memberRoutes)('%s sends a visitor to /login', async (path) => {
    const page = await app.open(path);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
    await page.close();
  });

  it('gives each marketing page its own title and description', async () => {
    const seen = new Set<string>();
    for (const path of [
      '/',
      '/about',
      '/delivery',
      '/relocation',
      '/faq',
      '/terms_and_conditions',
    ]) {
      const html = await (await app.context.request.get(path)).text();
      const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
      expect(description, path).toBeTruthy();
      expect(seen.has(description!), `${path} repeats a description`).toBe(false);
      seen.add(description!);
    }
  });

  it('answers an unknown path with the friendly not-found page', async () => {
    const page = await app.open('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found | Relo Logistics');
    await page.close();
  });
});
