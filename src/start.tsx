/** Starts the app on every page but the staff workspace's (main.tsx), with the public frame. */
import { startApp } from './startApp';
import { AppRoutes } from './ui/router';

const { pageCode } = await startApp(<AppRoutes />);

/**
 * The offline site (src/ui/offline/serviceWorker.ts) for customers (the staff workspace does not
 * need it): two seconds after the page and its code have arrived, so its install never takes the
 * network from what the page fetches as it opens (a tracking status, an order), and the code it
 * finds loaded is what it keeps. Built sites only: `npm run dev` has no worker.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const loaded = new Promise((resolve) =>
    document.readyState === 'complete'
      ? resolve(null)
      : window.addEventListener('load', resolve, { once: true }),
  );
  void Promise.all([loaded, pageCode])
    .then(() => new Promise((resolve) => setTimeout(resolve, 2000)))
    .then(() => import('./ui/offline/serviceWorker'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
}
