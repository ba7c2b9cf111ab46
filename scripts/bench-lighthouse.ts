/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile: emulated phone, slow 4G, 4x CPU slowdown)
 * on the home, delivery, relocation and FAQ pages of the built site (DIST_DIR, default dist)
 * served by the real server. Prints a table; exits 1 when a page misses the goal
 * (performance ≥ 95, accessibility, best practices and SEO 100).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serveBuiltSite } from './site-server';

const run = promisify(execFile);
const pages = ['/', '/delivery', '/relocation', '/faq'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const goal: Record<(typeof categories)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const metrics = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' };
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking';

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string }>;
}

const server = await serveBuiltSite();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-lighthouse-'));
const rows: Record<string, string | number>[] = [];
let missed = false;
try {
  for (const page of pages) {
    const file = path.join(out, `${page.replace(/\W/g, '_') || 'home'}.json`);
    await run(
      path.resolve('node_modules/.bin/lighthouse'),
      [
        server.origin + page,
        '--output=json',
        `--output-path=${file}`,
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
    const row: Record<string, string | number> = { page };
    for (const category of categories) {
      const score = Math.round((report.categories[category]?.score ?? 0) * 100);
      row[category] = score;
      if (score < goal[category]) missed = true;
    }
    for (const [label, metric] of Object.entries(metrics)) row[label] = report.audits[metric]?.displayValue ?? '';
    // Say why a category fell short, so the table is actionable.
    const failing = Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9)
      .map(([id]) => id);
    if (failing.length) row.below = failing.slice(0, 6).join(', ');
    rows.push(row);
  }
  console.table(rows);
  console.log(`Goal: performance ≥ ${goal.performance}, accessibility, best practices and SEO 100. Reports in ${out}`);
} finally {
  await server.close();
}
// Set last: closing the embedded database resets the exit code.
if (missed) process.exitCode = 1;
