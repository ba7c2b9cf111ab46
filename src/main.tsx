/**
 * The entry. It holds only the first stylesheet (prerendered HTML must be styled before any script
 * runs) and loads the app (start.tsx, or startWorkspace.tsx on a staff page) with a dynamic
 * import, so the page's HTML names just this small file. On a prerendered marketing page the app
 * is fetched after the first frame: the page paints from its HTML alone, and neither the browser
 * nor Lighthouse's phone simulation counts the app's scripts as holding that paint
 * (docs/measurements.md, "First paint and illustrations").
 */
import './ui/styles.css';
// The header, footer and marketing styles come with the first stylesheet so prerendered HTML is
// styled before any script runs.
import './ui/layout/layout.css';
import './ui/marketing/marketing.css';

/** Resolves after the next frame has been painted: a task queued from inside the frame runs after it. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

if (document.getElementById('root')?.dataset.prerendered) await afterNextPaint();
// Every staff route is under /staff (src/ui/routes.tsx): the workspace never shows the public
// frame, so its start leaves it out (docs/architecture.md, "What a route loads").
if (/^\/staff(?:\/|$)/.test(window.location.pathname)) await import('./startWorkspace');
else await import('./start');
