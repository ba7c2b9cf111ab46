/**
 * Starts the app with the given routes (src/start.tsx, src/startWorkspace.tsx: main.tsx loads one).
 * Marketing pages arrive prerendered (scripts/prerender.ts marks the root with the route it was
 * rendered for): then React hydrates that HTML, after loading the route's page code so the first
 * client render matches it. Any other page renders from scratch.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { loadPage, pageRoutes, type PageRoute } from './ui/routes';
import { startInspector } from './ui/inspector';

const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * Starts the app. `pageCode` settles when the page's own code has arrived (src/start.tsx waits
 * for it to register the worker); it is not awaited here: a staff page's code imports the
 * workspace's start, which awaits this function.
 */
export async function startApp(
  routes: ReactNode,
): Promise<{ pageCode: Promise<unknown>; access: PageRoute['access'] | undefined }> {
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
  const pageCode = page ? loadPage(page) : Promise.resolve();
  if (container.dataset.prerendered === pathname) {
    await pageCode;
    hydrateRoot(container, app);
  } else {
    // A page whose HTML names its scripts (scripts/prerender.ts) has its code on the way with
    // the app's: rendered once it has come, it shows in one pass, not after a "Loading…" that
    // React holds for 300 ms (routes.tsx, lazyPage). Any other page shows its frame at once.
    if (document.querySelector('link[rel="modulepreload"]')) await pageCode.catch(() => {});
    createRoot(container).render(app);
  }
  return { pageCode, access: page?.access };
}
