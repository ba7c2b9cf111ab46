/**
 * `npm run bench:bundle`: the JavaScript each route of src/ui/routes.tsx downloads on a first
 * visit. The real server serves the built site (DIST_DIR, default dist); Chromium opens every
 * route in a fresh context (empty cache) at phone width — a visitor for public routes, a signed-in
 * member for member routes (stored as a crew member on /crew), a signed-in staff member for staff
 * routes, a real order's reference
 * for a route with a parameter — waits until the page shows its heading and the network is quiet,
 * and sums every script downloaded: gzipped (the budget: the home page at most 100 KB, every other
 * route at most 120 KB, and the light tracking-link page `/t/<token>`, built apart from the app,
 * at most 35 KB) and as actually transferred (the server sends brotli where the browser
 * accepts it). Prints one row per route; exits 1 when any route is over its budget or did not
 * open as itself. `npm run bench:bundle -- /express-delivery /` measures only those routes.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { signUp, type Customer } from '../tests/support/api';
import { launchChromium } from '../tests/support/browser';
import { startTestServer } from '../tests/support/server';
import { bookDelivery } from '../tests/support/shipments';
import { signUpStaff } from '../tests/support/staff';
import { pageRoutes, type PageRoute } from '../src/ui/routes';

const HOME_BUDGET = 100 * 1000;
const ROUTE_BUDGET = 120 * 1000;
/**
 * The private tracking page a text links to (track-link.html, docs/decisions/018-light-tracking-link-page.md):
 * not a route of the app, so listed here. Its script is the same whatever the link shows, so an
 * unknown link is measured (the page says it does not work).
 */
const TRACK_LINK: Measurable = { path: '/t/:token', access: 'public' };
const TRACK_LINK_BUDGET = 35 * 1000;
const budgetOf = (route: string) =>
  route === '/' ? HOME_BUDGET : route === TRACK_LINK.path ? TRACK_LINK_BUDGET : ROUTE_BUDGET;
/** What the bench needs of a route: where it is, and who opens it. */
type Measurable = Pick<PageRoute, 'path' | 'access'>;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface Measured {
  route: string;
  access: PageRoute['access'];
  opened: string;
  scripts: number;
  gzip: number;
  transferred: number;
  budget: number;
}

/** The address a route is visited at: parameters get a real order's reference. */
function addressOf(route: Measurable, reference: string): string {
  if (route.path === '*') return '/no-such-page';
  if (route.path === '/thank-you' || route.path === '/package-details')
    return `${route.path}?reference=${reference}`;
  if (route.path === TRACK_LINK.path) return '/t/bench0unknown0link0000';
  return route.path.replace(':reference', reference);
}

async function measure(
  browser: Browser,
  origin: string,
  address: string,
  signedIn: (Customer & { role: string }) | null,
) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    // Signed in as the login page leaves it (docs/product.md), before any script of the site runs.
    if (signedIn) {
      await context.addInitScript(
        (session) => {
          localStorage.setItem('authToken', session.token);
          localStorage.setItem('id', session.id);
          localStorage.setItem('profile_image', '');
          localStorage.setItem('role', session.role);
          sessionStorage.setItem('email', session.email);
        },
        { token: signedIn.token, id: signedIn.id, email: signedIn.email, role: signedIn.role },
      );
    }
    const page = await context.newPage();
    const scripts: Promise<{ file: string; gzip: number; transferred: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          file: new URL(response.url()).pathname,
          gzip: zlib.gzipSync(await response.body(), { level: 9 }).length,
          transferred: (await response.request().sizes()).responseBodySize,
        }))(),
      );
    });
    await page.goto(origin + address, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const url = new URL(page.url());
    // Routes named on the command line show their scripts too.
    if (chosen.length)
      console.table(
        files
          .sort((a, b) => b.gzip - a.gzip)
          .map((file) => ({ [address]: file.file, 'gzip KB': kb(file.gzip) })),
      );
    return {
      opened: url.pathname + url.search,
      scripts: files.length,
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
      transferred: files.reduce((sum, file) => sum + file.transferred, 0),
    };
  } finally {
    await context.close();
  }
}

const chosen = process.argv.slice(2);
const routes: Measurable[] = [...pageRoutes, TRACK_LINK].filter(
  (route) => !chosen.length || chosen.includes(route.path),
);
if (!routes.length) {
  console.error(
    `No route of src/ui/routes.tsx (or ${TRACK_LINK.path}) is named ${chosen.join(', ')}.`,
  );
  process.exit(2);
}

const results: Measured[] = [];
const failures: string[] = [];
const server = await startTestServer({
  webRoot: path.resolve(process.env.DIST_DIR ?? 'dist'),
  databaseUrl: null,
});
const browser = await launchChromium();
try {
  const member = await signUp(server);
  const staff = await signUpStaff(server);
  const reference = await bookDelivery(server, member.token);
  for (const route of routes) {
    const address = addressOf(route, reference);
    const signedIn =
      route.access === 'public'
        ? null
        : route.access === 'staff'
          ? { ...staff, role: 'staff' }
          : // The crew's page loads what a crew member's does (its calls answer this customer 403).
            { ...member, role: route.path === '/crew' ? 'crew' : 'customer' };
    const measured = await measure(browser, server.origin, address, signedIn);
    const budget = budgetOf(route.path);
    results.push({ route: route.path, access: route.access, ...measured, budget });
    if (measured.opened !== address)
      failures.push(`${route.path}: opened ${measured.opened} instead of ${address}`);
    if (measured.gzip > budget)
      failures.push(
        `${route.path}: ${kb(measured.gzip)} KB gzipped, over its ${kb(budget)} KB by ${kb(measured.gzip - budget)} KB`,
      );
  }
} finally {
  await browser.close();
  await server.close();
}

console.table(
  results.map((result) => ({
    route: result.route,
    access: result.access,
    scripts: result.scripts,
    'gzip KB': kb(result.gzip),
    'budget KB': kb(result.budget),
    'sent KB (br)': kb(result.transferred),
    result: result.gzip > result.budget ? 'OVER' : 'ok',
  })),
);
const heaviest = results.reduce((top, result) => (result.gzip > top.gzip ? result : top));
console.log(
  `${results.length} routes; heaviest ${heaviest.route} at ${kb(heaviest.gzip)} KB gzipped.`,
);
for (const failure of failures) console.error(failure);
// Set last: closing the embedded database resets the exit code.
if (failures.length) process.exitCode = 1;
