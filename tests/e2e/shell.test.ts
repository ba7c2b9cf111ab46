import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.close());

describe('the shell in Chromium', () => {
  it('serves the site and the API from one server', async () => {
    const health = await app.page.request.get('/api/v1/healthz');
    expect(await health.json()).toEqual({ status: 'ok' });
    await app.page.goto('/');
    await expect(app.page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(await app.page.title()).not.toBe('');
  });

  it('sends a visitor from a members-only page to /login, replacing the history entry', async () => {
    const page = await app.open('/');
    await page.goto('/bulk-delivery');
    await page.waitForURL('**/login');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('answers a deep link with the app, not a server 404', async () => {
    const response = await app.page.goto('/terms_and_conditions');
    expect(response?.status()).toBe(200);
    await app.page.getByRole('heading', { level: 1 }).waitFor();
  });
});
