/**
 * "A new version of the site is ready" with Reload (./serviceWorker.ts): a toast that stays
 * until the customer acts. Reload lets the waiting worker take over (Workbox's SKIP_WAITING
 * message, sent with workbox-window's messageSW) and the page reloads once it has; forms that
 * keep a draft (bookings, quotes, applications) come back as they were. Loaded only when a new
 * version is waiting.
 */
import { messageSW } from 'workbox-window';
import { toastify } from '../toast';

const NEW_VERSION = 'new-version';

/**
 * `waiting`: the new version's worker; `pages`: the worker's cache of pages; `reloadOnTakeOver`:
 * tells ./serviceWorker.ts to reload once the new worker is in charge.
 */
export function offerNewVersion(
  waiting: ServiceWorker,
  pages: string,
  reloadOnTakeOver: () => void,
): void {
  void toastify().then(({ toast }) => {
    if (toast.isActive(NEW_VERSION)) return;
    toast.info(
      ({ closeToast }) => (
        <div className="new-version">
          <p>
            A new version of the site is ready. Reload when you are ready: what you typed in a
            booking or quote is kept.
          </p>
          <button
            type="button"
            className="button"
            onClick={async () => {
              closeToast();
              reloadOnTakeOver();
              // This page as last cached is the old version's: the reload fetches it anew.
              await caches
                .open(pages)
                .then((cache) => cache.delete(location.href, { ignoreSearch: true }))
                .catch(() => false);
              // No answer is awaited: the worker's taking over reloads the page (controllerchange).
              void messageSW(waiting, { type: 'SKIP_WAITING' });
            }}
          >
            Reload
          </button>
        </div>
      ),
      { toastId: NEW_VERSION, autoClose: false, closeOnClick: false, draggable: false },
    );
  });
}
