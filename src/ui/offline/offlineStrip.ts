/**
 * Offline, a strip above the page: "Offline — as of 14:05", when the copy of the page shown was
 * fetched (its `Date` in the service worker's cache), in Lagos time. Pages that show data of their
 * own mark that data instead (OfflineMark), and the strip steps aside (styles.css). Loaded by
 * ./serviceWorker.ts when the phone is or goes offline; the worker precaches it for then
 * (scripts/service-worker.ts).
 */
/** The same clock as OfflineMark's: "14:05" in Lagos. */
const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `pages`: the name of the worker's cache of pages. */
export function showStrip(pages: string): void {
  const strip = document.createElement('p');
  strip.className = 'offline-banner';
  strip.setAttribute('role', 'status');
  const show = async () => {
    if (navigator.onLine) return strip.remove();
    const copy = await caches.match(location.href, { cacheName: pages, ignoreSearch: true });
    const fetched = Date.parse(copy?.headers.get('date') ?? '');
    strip.textContent = Number.isNaN(fetched)
      ? 'Offline'
      : `Offline — as of ${lagosClock.format(fetched)}`;
    document.body.prepend(strip);
  };
  void show();
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
}
