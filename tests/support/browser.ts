/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, against the real
 * server serving the built website. Never downloads a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
export { launchChromium } from './chromium';
import { startTestServer, type TestServer } from './server';
import type { ServerConfig } from '../../server/config';

/** The built site; DIST_DIR lets parallel runs build to folders of their own. */
const DIST = path.resolve(process.env.DIST_DIR ?? 'dist');

export interface App {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a path of the site in a fresh page of the same context. */
  open: (pathname: string) => Promise<Page>;
  close: () => Promise<void>;
}

/** The built site and the API on one loopback server, and a Chromium page on it. */
export async function startApp(
  options: { viewport?: { width: number; height: number }; server?: Partial<ServerConfig> } = {},
): Promise<App> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the browser tests.');
  }
  const server = await startTestServer({ webRoot: DIST, ...options.server });
  const browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return {
    server,
    browser,
    context,
    page,
    open: async (pathname) => {
      const next = await context.newPage();
      await next.goto(pathname);
      return next;
    },
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Signs a customer in on this page's site as the login page leaves it (docs/product.md): token, id
 * and image kept, the email for this tab only.
 */
export async function signInAs(
  page: Page,
  customer: { token: string; id: string; email: string },
): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ({ token, id, email }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('id', id);
      localStorage.setItem('profile_image', '');
      sessionStorage.setItem('email', email);
    },
    { token: customer.token, id: String(customer.id), email: customer.email },
  );
}
