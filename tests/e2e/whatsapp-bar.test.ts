/**
 * The WhatsApp bar never sits over what the customer reads or types (docs/product.md), in
 * Chromium on a 390 × 844 phone and at 1280 × 800: on the home page and on every form page, at
 * every third of a screen from the top of the page to its end, with each field scrolled to the
 * bottom of the screen (where a phone's keyboard puts the field being typed in), and with that
 * field focused, the bar's box overlaps no labelled field (its control, label or hint), no
 * button and no card's text. It never shows on the staff pages. Screenshots of the first screen,
 * a focused field and the page's end go to tests/.artifacts/screenshots/ for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signUp, type Customer } from '../support/api';
import { startApp, type App } from '../support/browser';
import { acceptedOrder, pay } from '../support/payments';
import { bookDelivery } from '../support/shipments';
import { signUpStaff } from '../support/staff';

const SHOTS = path.resolve('tests/.artifacts/screenshots');
const BAR = 'aside[aria-label="Chat with us on WhatsApp"]';

/** The home page (its cards) and every page with a form; `member` pages need a signed-in customer. */
const pages: {
  name: string;
  path: string | ((reference: string) => string);
  member?: boolean;
  open?: string;
}[] = [
  { name: 'home', path: '/' },
  { name: 'move', path: '/move' },
  { name: 'pack', path: '/pack' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'otp-verification', path: '/otp-verification' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'email-verification', path: '/email-verification' },
  { name: 'resend-otp', path: '/resend-otp' },
  { name: 'track', path: '/track' },
  { name: 'get-quote', path: '/get-quote', member: true },
  { name: 'interstate-quote', path: '/interstate-quote', member: true },
  { name: 'local-quote', path: '/local-quote', member: true },
  { name: 'office-quote', path: '/office-quote', member: true },
  { name: 'express-delivery', path: '/express-delivery', member: true },
  { name: 'schedule-delivery', path: '/schedule-delivery', member: true },
  { name: 'bulk-delivery', path: '/bulk-delivery', member: true },
  { name: 'profile-update', path: '/profile-update', member: true },
  { name: 'change-password', path: '/change-password', member: true },
  { name: 'deactivate-account', path: '/deactivate-account', member: true },
  // The order's own form (new dates) opens from its button.
  {
    name: 'order',
    path: (reference) => `/orders/${reference}`,
    member: true,
    open: 'Change dates',
  },
];

/**
 * Scrolls through the page in the page itself, one round trip rather than two per position, and
 * answers what the bar covered at each stop: a description of each labelled field (control,
 * label, hint), button and line of a card's text whose box met the bar's box. `positions`: every
 * scroll position a third of a screen apart, from the top to the page's end. `fields`: each field
 * of `controls` scrolled to the bottom of the screen (where a phone's keyboard puts the field being
 * typed in), then focused. After each move it waits until the bar has answered: observers
 * reported, its move finished. Runs in the page.
 */
async function sweepInPage({
  selector,
  controls,
  mode,
}: {
  selector: string;
  controls: string;
  mode: 'positions' | 'fields';
}): Promise<string[]> {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const settled = async () => {
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await frame();
    const bar = document.querySelector(selector);
    await Promise.all(
      (bar?.getAnimations({ subtree: true }) ?? []).map((animation) => animation.finished),
    );
  };
  const coveredNow = (where: string): string[] => {
    const bar = document.querySelector(selector);
    if (!bar || !bar.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      return [];
    const box = bar.getBoundingClientRect();
    const meets = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left < box.right &&
      rect.right > box.left &&
      rect.top < box.bottom &&
      rect.bottom > box.top;
    const shown = (element: Element) =>
      !bar.contains(element) &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const control of document.querySelectorAll<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >('input:not([type=hidden]), select, textarea')) {
      if (!shown(control) || !control.labels?.length) continue;
      const hints = (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .flatMap((id) => document.getElementById(id) ?? []);
      for (const part of [control, ...control.labels, ...hints]) {
        if (shown(part) && meets(part.getBoundingClientRect()))
          found.push(`${where}: field ${control.labels[0]!.textContent?.trim()}: ${name(part)}`);
      }
    }
    for (const button of document.querySelectorAll(
      'button, [role=button], .button, input[type=submit]',
    )) {
      if (shown(button) && meets(button.getBoundingClientRect()))
        found.push(`${where}: button ${name(button)}`);
    }
    for (const card of document.querySelectorAll('.card, .account-card')) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim() || !text.parentElement || !shown(text.parentElement))
          continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        if ([...range.getClientRects()].some(meets))
          found.push(`${where}: card text "${text.textContent.trim().slice(0, 40)}"`);
      }
    }
    return found;
  };

  const covered: string[] = [];
  if (mode === 'positions') {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    const step = Math.floor(window.innerHeight / 3);
    for (let y = 0; ; y = Math.min(y + step, end)) {
      window.scrollTo(0, y);
      await settled();
      covered.push(...coveredNow(`scrolled to ${y}`));
      if (y >= end) break;
    }
    return covered;
  }
  for (const [index, field] of [...document.querySelectorAll<HTMLElement>(controls)].entries()) {
    if (!field.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const label = (field as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? `field ${index}`;
    field.scrollIntoView({ block: 'end' });
    await settled();
    covered.push(...coveredNow(`${label} at the bottom`));
    field.focus({ preventScroll: true });
    await settled();
    covered.push(...coveredNow(`${label} focused`));
    field.blur();
  }
  return covered;
}

/**
 * Everything the customer reads that the bar covers right now (issue 35): any visible line of
 * text, any badge, any control. Empty when the bar is not shown. Runs in the page.
 */
function readCoveredNow(selector: string): string[] {
  const bar = document.querySelector(selector);
  if (!bar || !bar.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return [];
  const box = bar.getBoundingClientRect();
  const meets = (rect: DOMRect) =>
    rect.width > 0 &&
    rect.height > 0 &&
    rect.left < box.right &&
    rect.right > box.left &&
    rect.top < box.bottom &&
    rect.bottom > box.top;
  const shown = (element: Element) =>
    !bar.contains(element) &&
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!text.textContent?.trim() || !text.parentElement || !shown(text.parentElement)) continue;
    range.selectNodeContents(text);
    if ([...range.getClientRects()].some(meets))
      found.push(`text "${text.textContent.trim().slice(0, 40)}"`);
  }
  for (const element of document.querySelectorAll(
    '[class*="badge"], [class*="status"], input:not([type=hidden]), select, textarea, button, [role=button], .button',
  )) {
    if (shown(element) && meets(element.getBoundingClientRect()))
      found.push(`${element.tagName.toLowerCase()}.${element.className}`);
  }
  return found;
}

/** Waits until the bar has answered the last scroll or focus: observers reported, its move finished. */
async function settled(page: Page) {
  await page.evaluate(async (selector) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await frame();
    const bar = document.querySelector(selector);
    await Promise.all(
      (bar?.getAnimations({ subtree: true }) ?? []).map((animation) => animation.finished),
    );
  }, BAR);
}

/** Every scroll position a third of a screen apart, from the top to the end of the page. */
async function scrollPositions(page: Page): Promise<number[]> {
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  const end = height - screen;
  const step = Math.floor(screen / 3);
  const positions: number[] = [];
  for (let y = 0; y < end; y += step) positions.push(y);
  return [...positions, end];
}

/** Every field a customer types in or picks from, the footer's newsletter (the page's last field) too. */
const textControls =
  ':is(main, footer) :is(input:not([type=hidden], [type=checkbox], [type=radio], [type=file], [type=submit], [type=button]), select, textarea)';

describe.each([
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
])('the WhatsApp bar on a %s', (_name, viewport) => {
  let app: App;
  let member: Customer;
  let reference: string;
  let visitor: BrowserContext;
  let customer: BrowserContext;

  beforeAll(async () => {
    app = await startApp({ viewport });
    member = await signUp(app.server);
    reference = await bookDelivery(app.server, member.token);
    visitor = app.context;
    // The reset code and new password pages show their forms to a tab that asked for a code.
    await visitor.addInitScript(() => {
      sessionStorage.setItem(
        'draft:password-reset',
        JSON.stringify({ email: 'ada@example.com', resetToken: 'a-reset-token' }),
      );
    });
    customer = await app.browser.newContext({ baseURL: app.server.origin, viewport });
    await customer.addInitScript(
      ({ token, id }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('id', id);
      },
      { token: member.token, id: String(member.id) },
    );
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => app?.close());

  it.each(pages)(
    'covers nothing on $name',
    async ({ name, path: route, member: signedIn, open }) => {
      const page = await (signedIn ? customer : visitor).newPage();
      await page.goto(typeof route === 'string' ? route : route(reference));
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (open) await page.getByRole('button', { name: open }).click();
      if (name === 'home') expect(await page.locator('main .card').count()).toBeGreaterThan(0);
      else await page.locator('main form').first().waitFor();
      const shot = (what: string) =>
        page.screenshot({
          path: path.join(SHOTS, `whatsapp-${name}${what}-${viewport.width}.png`),
        });

      await shot('');
      const covered = await page.evaluate(sweepInPage, {
        selector: BAR,
        controls: textControls,
        mode: 'positions' as const,
      });
      // At the page's end (the last position) the bar shows, in the room the page leaves for it.
      expect(await page.locator(BAR).isVisible(), 'the bar shows at the end of the page').toBe(
        true,
      );
      await shot('-end');

      // The footer's newsletter form arrives as the footer nears the screen (we are at the end).
      if (name === 'home') await page.locator('footer').getByRole('textbox').first().waitFor();
      expect(await page.locator(textControls).count()).toBeGreaterThan(name === 'home' ? 0 : 1);
      covered.push(
        ...(await page.evaluate(sweepInPage, {
          selector: BAR,
          controls: textControls,
          mode: 'fields' as const,
        })),
      );
      await page.locator(textControls).last().focus();
      await shot('-focused');
      expect(covered).toEqual([]);
      await page.close();
    },
  );

  it('covers no text, badge or control while scrolling through /, /profile, a receipt and /faq, and shows at their end', async () => {
    const staff = await signUpStaff(app.server);
    const paid = await acceptedOrder(app.server, member, staff, 2_500_000);
    await pay(app.server, paid, member);
    let receipt = '';
    for (let tries = 0; tries < 50 && !receipt; tries++) {
      const order = await get(app.server, `users/orders/${paid}`, member.token);
      receipt = order.body.data.receipts?.[0]?.number ?? '';
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt).not.toBe('');
    const covered: string[] = [];
    for (const route of ['/', '/profile', `/orders/${paid}/receipts/${receipt}`, '/faq']) {
      const page = await customer.newPage();
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (route === '/profile') await page.locator('li.booking').first().waitFor();
      for (const y of await scrollPositions(page)) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await settled(page);
        covered.push(
          ...(await page.evaluate(readCoveredNow, BAR)).map((what) => `${route} at ${y}: ${what}`),
        );
      }
      // Reachable: at the page's end the bar shows in the room the page leaves for it.
      expect(await page.locator(BAR).isVisible(), `the bar shows at the end of ${route}`).toBe(
        true,
      );
      await page.screenshot({
        path: path.join(SHOTS, `whatsapp-text${route.replace(/\W+/g, '-')}-${viewport.width}.png`),
      });
      await page.close();
    }
    expect(covered).toEqual([]);
  });

  it('steps aside while a field has focus and comes back when focus leaves', async () => {
    const page = await visitor.newPage();
    await page.goto('/login');
    await page.locator('main form').waitFor();
    await page.waitForLoadState('networkidle');
    const bar = page.locator(BAR);
    // At the page's end the bar is over the room the page leaves for it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settled(page);
    expect(await bar.isVisible()).toBe(true);
    const email = page.getByRole('textbox').first();
    await email.evaluate((control: HTMLElement) => control.focus({ preventScroll: true }));
    await settled(page);
    expect(await bar.isVisible()).toBe(false);
    await email.evaluate((control: HTMLElement) => control.blur());
    await settled(page);
    expect(await bar.isVisible()).toBe(true);
    await page.close();
  });

  it('is a round button with its name for screen readers on a phone, never a bar across the screen', async () => {
    const page = await visitor.newPage();
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settled(page);
    const link = page.locator(BAR).getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(await link.isVisible()).toBe(true);
    const box = (await page.locator(BAR).boundingBox())!;
    if (viewport.width <= 768) {
      const round = (await link.boundingBox())!;
      expect(round.width).toBe(round.height);
      expect(box.width).toBeLessThan(viewport.width / 3);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    }
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
    await page.close();
  });

  it('never shows on the staff pages', async () => {
    const staff = await signUpStaff(app.server);
    const context = await app.browser.newContext({ baseURL: app.server.origin, viewport });
    await context.addInitScript(
      ({ token, id }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('id', id);
        localStorage.setItem('role', 'staff');
      },
      { token: staff.token, id: String(staff.id) },
    );
    for (const route of [
      '/staff',
      `/staff/orders/${reference}`,
      '/staff/applications',
      '/staff/subscribers',
    ]) {
      const page = await context.newPage();
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator(BAR).count(), route).toBe(0);
      await page.close();
    }
    await context.close();
  });
});
