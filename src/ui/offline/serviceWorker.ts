/**
 * Registers the service worker (scripts/service-worker.ts writes it; docs/architecture.md,
 * "Offline"). Loaded by src/start.tsx two seconds after the page and its code have arrived, so it
 * never competes with the page's own first load on a slow network; written on the browser's API
 * (half a kilobyte) rather than workbox-window's class.
 *
 * - **The first visit is kept too.** What it loaded before the worker ran went past it: once the
 *   worker controls the page, the page and its scripts and styles are fetched again through it,
 *   from the browser's own cache (no download), so a repeat visit works offline.
 * - **Offline**, a strip above the page says when the copy shown was fetched (./offlineStrip.ts).
 * - **A new version** waits (`registerType: 'prompt'`): the page offers Reload in a toast
 *   (./NewVersion.tsx) and never reloads by itself, so no form in progress is lost. An open page
 *   asks for a new version every hour and whenever the network comes back.
 */

/** The worker's cache of pages (scripts/service-worker.ts). */
const PAGES = 'pages';

/** Fetches again, through the worker, the page and what it loaded before the worker ran. */
function keepThisVisit() {
  void fetch(location.href, { headers: { accept: 'text/html' } }).catch(() => {});
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/'))
      void fetch(url).catch(() => {});
  }
}

export function registerServiceWorker(): void {
  const { serviceWorker } = navigator;
  const controlledAtStart = serviceWorker.controller !== null;
  let reloading = false;
  serviceWorker.addEventListener('controllerchange', () => {
    // The new version the customer chose to load is in charge: reload into it.
    if (reloading) location.reload();
    else if (!controlledAtStart) keepThisVisit();
  });
  // Loaded when the phone is or goes offline: the worker keeps it for then (precached).
  const markOffline = () => void import('./offlineStrip').then(({ showStrip }) => showStrip(PAGES));
  if (navigator.onLine) window.addEventListener('offline', markOffline, { once: true });
  else markOffline();

  /** A new version is installed and waiting: offer Reload, unless this is the first install. */
  const offer = (waiting: ServiceWorker) => {
    if (serviceWorker.controller)
      void import('./NewVersion').then(({ offerNewVersion }) =>
        offerNewVersion(waiting, PAGES, () => (reloading = true)),
      );
  };

  void serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      const check = () => void registration.update().catch(() => {});
      setInterval(check, 60 * 60 * 1000);
      window.addEventListener('online', check);
    })
    // No worker (a private window, a blocked origin): the site works online as before.
    .catch(() => {});
}
