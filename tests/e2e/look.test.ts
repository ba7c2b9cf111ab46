/**
 * How the pages look: each page's illustrations are drawn (present, visible, not empty) at a
 * phone's 390 px and at 1280 px, nothing sticks out sideways, and screenshots of each (first
 * screen and full page) are saved to tests/.artifacts/screenshots/ for a person to look at (not
 * compared pixel by pixel). The home page's two WebP first screens are docs/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/api';
import { startApp, type App } from '../support/browser';

const SHOTS = path.resolve('tests/.artifacts/screenshots');

/** Each page, the pictures it must show, and whether it is a members' page. */
const pages = [
  { name: 'home', path: '/', pictures: 1 + 2 },
  { name: 'relocation', path: '/relocation', pictures: 1 + 3 },
  { name: 'delivery', path: '/delivery', pictures: 1 + 3 },
  { name: 'store', path: '/store', pictures: 1 + 3 },
  { name: 'partner', path: '/partner', pictures: 1 + 2 },
  { name: 'move', path: '/move', pictures: 1 },
  { name: 'not-found', path: '/no/such/page', pictures: 1 },
  { name: 'thank-you', path: '/thank-you?reference=RL-ABCDEFGH23', pictures: 1, member: true },
];

describe.each([
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
])('the look on a %s', (_name, viewport) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ viewport });
    const customer = await signUp(app.server);
    await app.context.addInitScript(
      ({ token, id }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('id', id);
      },
      { token: customer.token, id: String(customer.id) },
    );
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => app?.close());

  it.each(pages)('$name shows its illustrations', async ({ name, path: pathname, pictures }) => {
    const page = await app.open(pathname);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    const drawn = page.locator('main svg.il');
    expect(await drawn.count()).toBe(pictures);
    for (const picture of await drawn.all()) {
      expect(await picture.isVisible()).toBe(true);
      const box = (await picture.boundingBox())!;
      expect(box.width).toBeGreaterThan(60);
      expect(box.height).toBeGreaterThan(40);
      // Decorative pictures are hidden from screen readers; meaningful ones would carry a label.
      expect(await picture.getAttribute('aria-hidden')).toBe('true');
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // The first screen, as a customer meets it, and the whole page.
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`) });
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${viewport.width}-full.png`),
      fullPage: true,
    });
    if (name === 'home') {
      // The pictures of docs/measurements.md (docs/screenshots/): WebP from Chromium itself, a
      // fraction of a PNG.
      const cdp = await page.context().newCDPSession(page);
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'webp', quality: 80 });
      fs.writeFileSync(
        path.join(SHOTS, `home-${viewport.width}.webp`),
        Buffer.from(data, 'base64'),
      );
    }
    await page.close();
  });
});
