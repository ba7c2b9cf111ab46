/**
 * `npm run bench:bundle`: serves the built site (DIST_DIR, default dist) with the real server,
 * loads / in Chromium as a visitor, waits until the network is quiet, and sums every script the
 * page downloaded: gzipped (the budget: at most 100 KB) and as actually transferred (the server
 * sends brotli where the browser accepts it). Exits 1 above the budget.
 */
import zlib from 'node:zlib';
import { launchChromium } from '../tests/support/browser';
import { serveBuiltSite } from './site-server';

const BUDGET = 100 * 1000;
const pathname = process.argv[2] ?? '/';

let overBudget = false;
const server = await serveBuiltSite();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const scripts: Promise<{ url: string; gzip: number; transferred: number; encoding: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'none',
        };
      })(),
    );
  });
  await page.goto(server.origin + pathname, { waitUntil: 'networkidle' });
  const files = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  console.table(files.map((file) => ({ script: file.url, gzip: kb(file.gzip), transferred: `${kb(file.transferred)} (${file.encoding})` })));
  const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
  const transferred = files.reduce((sum, file) => sum + file.transferred, 0);
  console.log(`${pathname}: ${files.length} scripts, ${kb(gzip)} gzipped (budget ${kb(BUDGET)}), ${kb(transferred)} transferred`);
  if (gzip > BUDGET) {
    console.error(`Over budget by ${kb(gzip - BUDGET)}.`);
    overBudget = true;
  }
} finally {
  await browser.close();
  await server.close();
}
// Set last: closing the embedded database resets the exit code.
if (overBudget) process.exitCode = 1;
