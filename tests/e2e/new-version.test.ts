/**
 * A new version deployed while a page is open (issue 38, "New versions"; docs/architecture.md,
 * "Offline"), in Chromium against a copy of the built site: the booking form half filled, a new
 * build's sw.js put in place, the network coming back (the page asks for a new version then).
 * The page offers Reload and does not reload by itself; Reload brings the new worker in and the
 * form back as it was typed (its draft in the tab, src/ui/components/useFormFlow.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '../support/browser';

/** A copy of the build, so the test can deploy over it. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-new-version-'));
let app: App;
beforeAll(async () => {
  fs.cpSync(path.resolve(process.env.DIST_DIR ?? 'dist'), webRoot, { recursive: true });
  app = await startApp({ viewport: { width: 390, height: 844 }, server: { webRoot } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/**
 * What a deploy changes for an open page: the worker's script (a new build's precache list).
 * Its compressed twins too, which the server sends to browsers that accept them.
 */
function deployNewWorker() {
  const worker = path.join(webRoot, 'sw.js');
  const next = fs
    .readFileSync(worker, 'utf8')
    .replace(/(url:"shell\.html",revision:")[0-9a-f]+"/, '$1next-build"');
  if (next === fs.readFileSync(worker, 'utf8')) throw new Error('sw.js has no shell revision');
  fs.writeFileSync(worker, next);
  fs.writeFileSync(`${worker}.gz`, zlib.gzipSync(next));
  fs.writeFileSync(`${worker}.br`, zlib.brotliCompressSync(next));
}

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${label}`));

describe('a new version', () => {
  it('is offered while a form is half filled; Reload loads it and the form comes back as typed', async () => {
    const context = await app.browser.newContext({
      baseURL: app.server.origin,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/express-delivery');
    await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    const typed = {
      'Pick up Address': '12 Admiralty Way, Lekki, Lagos',
      "Sender's Full Name": 'Ada Obi',
      'Additional information': 'Two boxes of books',
    };
    for (const [label, value] of Object.entries(typed)) await field(page, label).fill(value);
    // Gone if the page reloads by itself.
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));

    deployNewWorker();
    await context.setOffline(true);
    await context.setOffline(false);
    const offer = page.getByRole('alert').filter({ hasText: 'A new version of the site is ready' });
    await offer.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
      true,
    );
    for (const [label, value] of Object.entries(typed))
      expect(await field(page, label).inputValue()).toBe(value);

    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'Deliver Now' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
      undefined,
    );
    for (const [label, value] of Object.entries(typed))
      expect(await field(page, label).inputValue()).toBe(value);
    // The new worker runs the page; none waits.
    const workers = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
    });
    expect(workers).toEqual({ waiting: null, active: 'activated' });
    expect(await offer.count()).toBe(0);
    await context.close();
  });
});
