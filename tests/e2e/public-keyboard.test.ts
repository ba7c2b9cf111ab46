/** The header, mobile menu, dropdowns, FAQ, carousel and WhatsApp bar with the keyboard, in Chromium. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

/** Tabs until `name` has focus; fails after `limit` presses. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await matches()) return;
  }
  throw new Error('never reached by Tab');
}

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('at desktop width', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('opens SERVICES from the keyboard, follows Delivery, and Escape returns focus to the button', async () => {
    const page = await app.open('/');
    await page.waitForLoadState('networkidle');
    await tabTo(page, async () => (await focusedText(page)) === 'SERVICES');
    await page.keyboard.press('Enter');
    const services = page.getByRole('button', { name: 'SERVICES' });
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Delivery');
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('SERVICES');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/delivery');
    await page.getByRole('heading', { level: 1, name: 'Deliveries you can count on' }).waitFor();
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('opens one FAQ answer at a time with Enter and Space', async () => {
    const page = await app.open('/faq');
    await page.waitForLoadState('networkidle');
    const first = page.getByRole('button', { name: 'What types of relocation do you offer?' });
    const last = page.getByRole('button', {
      name: 'Do you deliver on weekends and public holidays?',
    });
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText(/local moves within your city/).isVisible()).toBe(true);
    await last.focus();
    await page.keyboard.press('Space');
    expect(await last.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    expect(await last.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('dismisses the WhatsApp bar from the keyboard', async () => {
    const page = await app.open('/about');
    await page.waitForLoadState('networkidle');
    const bar = page.getByRole('complementary', { name: 'Chat with us on WhatsApp' });
    await bar.getByRole('button', { name: 'Hide the WhatsApp bar' }).focus();
    await page.keyboard.press('Enter');
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });

  it('serves marketing pages as HTML that is whole before any script runs, then hydrates without errors', async () => {
    const response = await app.context.request.get('/relocation');
    const html = await response.text();
    expect(html).toContain('<title>Relocation Services | Relo Logistics</title>');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('id="relocation-services"');
    expect(html).toContain('What our customers say');
    const errors: string[] = [];
    const page = await app.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Hydrated: the header's dropdown answers.
    await page.getByRole('button', { name: 'PARTNER' }).click();
    expect(await page.getByRole('link', { name: 'Become a Packer' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Relocation and package delivery in Nigeria | Relo Logistics');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the whole home content to a browser without JavaScript', async () => {
    const context = await app.browser.newContext({
      baseURL: app.server.origin,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      "We don't just move boxes",
    );
    expect(await page.getByRole('link', { name: 'Book a Delivery' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('on a 375 px phone', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ viewport: { width: 375, height: 740 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('scrolls the testimonials 300 px per step with the buttons and the arrow keys', async () => {
    const page = await app.open('/relocation');
    await page.waitForLoadState('networkidle');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const list = page.getByRole('list', { name: /What our customers say/ });
    const scrollLeft = () => list.evaluate((element) => element.scrollLeft);
    await page.getByRole('button', { name: 'Next testimonials' }).click();
    await expect.poll(scrollLeft).toBe(300);
    await list.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBe(600);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scrollLeft).toBe(300);
    await page.getByRole('button', { name: 'Previous testimonials' }).click();
    await expect.poll(scrollLeft).toBe(0);
    await page.close();
  });

  it('opens the menu from its button, closes it with Escape and on navigation', async () => {
    const page = await app.open('/');
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('button', { name: 'Menu' });
    const about = page.getByRole('banner').getByRole('link', { name: 'ABOUT US' });
    expect(await about.isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await about.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('Menu');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('ABOUT US');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await about.isVisible()).toBe(false);
    await page.close();
  });

  it('reaches the PARTNER dropdown inside the open menu; Escape closes the dropdown first', async () => {
    const page = await app.open('/');
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('button', { name: 'Menu' });
    const partner = page.getByRole('button', { name: 'PARTNER' });
    await menu.click();
    await partner.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('link', { name: 'Move for us' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await partner.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });
});
