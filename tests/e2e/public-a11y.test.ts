/** axe finds no violations on any public page, at desktop width and on a 375 px phone. */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

const publicPages = [
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
  '/no-such-page',
];

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
])('accessibility on %s', (_name, viewport) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ viewport });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(publicPages)('%s has no axe violations', async (path) => {
    const page = await app.open(path);
    await page.locator('main h1').first().waitFor();
    // Let the typed headline finish so axe checks the page as it settles.
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    await page.close();
  });
});
