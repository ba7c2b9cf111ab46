/** Starts the app on every page but the staff workspace's (main.tsx), with the public frame. */
import { startApp } from './startApp';
import { AppRoutes } from './ui/router';

const { pageCode, access } = await startApp(<AppRoutes />);

/**
 * The offline site (src/ui/offline/serviceWorker.ts), registered from the pages where a visit
 * begins, the public site and the booking forms, once the page and its code have arrived: its
 * install never takes the network from what the page fetches as it opens, and the code it finds
 * loaded is what it keeps. Once registered it serves every page of the site, the members' too,
 * while the members' pages (near their budget) and the staff workspace (which does not need it)
 * never carry its code. Built sites only: `npm run dev` has no worker.
 */
const visitBegins = access === 'public' || access === 'booking';
if (import.meta.env.PROD && 'serviceWorker' in navigator && visitBegins) {
  const loaded = new Promise((resolve) =>
    document.readyState === 'complete'
      ? resolve(null)
      : window.addEventListener('load', resolve, { once: true }),
  );
  void Promise.all([loaded, pageCode])
    .then(() => import('./ui/offline/serviceWorker'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
}
