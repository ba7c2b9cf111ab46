/**
 * The service worker and the web manifest (issue 38; docs/architecture.md, "Offline"; the
 * choices in docs/decisions/offline-cache.md), given to `vite build` by
 * vite.config.ts: Workbox's generateSW, through vite-plugin-pwa, writes DIST_DIR/sw.js.
 *
 * - **Precached** (fetched when the worker installs): the app's shell (`shell.html`), the icons,
 *   the manifest, the offline strip (src/ui/offline/offlineStrip.ts). Little: a phone on paid
 *   data never downloads pages it does not open.
 * - **Pages** as they are opened (the prerendered public pages, the shell for every other
 *   address), shown from the cache at once and refreshed behind (stale-while-revalidate): a
 *   repeat visit paints without waiting for the network, and offline it shows the copy last
 *   fetched, whose `Date` is the "as of" time (src/ui/offline/offlineStrip.ts). An address
 *   never opened gets the shell. The pages hold no personal data: it comes from the API, which
 *   the worker never caches.
 * - **Scripts and styles** (`/assets/`, named by their content) from the cache once fetched.
 * - Never: the API (`/api/`), uploaded photos (`/uploads/`: personal), private tracking links
 *   (`/t/`), the payment and text test gateways.
 *
 * A new version waits until the customer chooses Reload (`registerType: 'prompt'`, no
 * skipWaiting): src/ui/offline/serviceWorker.ts offers it and never reloads by itself.
 */
import fs from 'node:fs';
import { loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { RuntimeCaching } from 'workbox-build';
import { companyFrom } from '../src/content/company.ts';
import { pageText } from '../src/content/pages.ts';

/** The brand colour of the site's own theme (src/ui/theme.css): the manifest's theme, the phone's title bar. */
function brandColour(): string {
  const styles = fs.readFileSync(new URL('../src/ui/theme.css', import.meta.url), 'utf8');
  const brand = /--brand:\s*(#[0-9a-f]{3,8})\s*;/i.exec(styles)?.[1];
  if (!brand) throw new Error('src/ui/theme.css declares no --brand colour');
  return brand;
}

/** Workbox writes these functions into sw.js as their text: they must use nothing from here. */
const runtimeCaching: RuntimeCaching[] = [
  {
    // A page opened, or one the first visit fetches again once the worker runs (serviceWorker.ts).
    urlPattern: ({ request, url }) =>
      (request.mode === 'navigate' || request.headers.get('accept') === 'text/html') &&
      !/^\/(?:api|uploads|t|test-paystack|test-termii)(?:\/|$)/.test(url.pathname),
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: 'pages',
      // One copy of a page whatever its query (/package-details?reference=…: the same shell).
      matchOptions: { ignoreSearch: true },
      expiration: { maxEntries: 60 },
      cacheableResponse: { statuses: [200] },
      // Offline, an address never opened: the app's shell, which shows what it can.
      precacheFallback: { fallbackURL: '/shell.html' },
    },
  },
  {
    urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'assets',
      // Named by their content, so never stale; old versions leave after 60 days or 200 files.
      expiration: { maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
];

export function serviceWorker(mode = 'production') {
  const company = companyFrom(loadEnv(mode, process.cwd(), 'VITE_'));
  const theme = brandColour();
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself after the page has loaded (src/ui/offline/serviceWorker.ts).
    injectRegister: false,
    // The icons are for installing: the phone fetches them then, not every visitor beforehand.
    includeManifestIcons: false,
    manifest: {
      name: company.name,
      short_name: company.name,
      description: pageText.home.description,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: theme,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // index.html is the app's shell when Vite writes it: the prerender keeps it as shell.html
      // and writes the home page in its place (scripts/prerender.ts).
      // And the strip that marks a page offline, which only an offline page loads.
      globPatterns: ['index.html', 'favicon.svg', 'assets/offlineStrip-*.js'],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) =>
            entry.url === 'index.html' ? { ...entry, url: 'shell.html' } : entry,
          ),
          warnings: [],
        }),
      ],
      navigateFallback: null,
      runtimeCaching,
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
}
