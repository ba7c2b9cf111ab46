/**
 * Starts the app with the given routes (src/start.tsx, src/startWorkspace.tsx: main.tsx loads one).
 * Marketing pages arrive prerendered (scripts/prerender.ts marks the root with the route it was
 * rendered for): then React hydrates that HTML, after loading the route's page code so the first
 * client render matches it. Any other page renders from scratch.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { pageRoutes } from './ui/routes';
import { startInspector } from './ui/inspector';

const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

export async function startApp(routes: ReactNode): Promise<void> {
  await startInspector();

  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      {/* Navigation renders at once: inside a transition, a guard could see a logout before the way home. */}
      <BrowserRouter useTransitions={false}>{routes}</BrowserRouter>
    </StrictMode>
  );

  const pathname = withoutTrailingSlash(window.location.pathname);
  const page = pageRoutes.find((route) => matchPath(route.path, pathname));
  if (container.dataset.prerendered === pathname) {
    await page?.load();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
  // The offline site (src/ui/offline/serviceWorker.ts), once the page and its code have arrived:
  // the worker never takes the network from the page's own first load, and the code it finds
  // loaded is what it keeps. Built sites only: `npm run dev` has no worker.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const loaded = new Promise((resolve) =>
      document.readyState === 'complete'
        ? resolve(null)
        : window.addEventListener('load', resolve, { once: true }),
    );
    void Promise.all([loaded, page?.load()])
      .then(() => import('./ui/offline/serviceWorker'))
      .then(({ registerServiceWorker }) => registerServiceWorker());
  }
}
