/**
 * In development, `?inspect` in the URL connects every actor to the Stately inspector.
 * Browsers block a window opened while the page loads, so the inspector starts deferred (it keeps
 * what the actors do) and a small "Open Stately Inspect" button opens its window on a click.
 * Production builds drop the whole branch: `import.meta.env.DEV` is false there.
 */
import type { InspectionEvent, Observer } from 'xstate';

export let inspect: Observer<InspectionEvent> | undefined;

export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({ autoStart: false, maxDeferredEvents: 5000 });
  inspect = inspector.inspect;

  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Open Stately Inspect';
  button.style.cssText =
    'position:fixed;left:12px;bottom:12px;z-index:2147483647;padding:8px 12px;font:600 14px system-ui;' +
    'background:#111;color:#fff;border:2px solid #fff;border-radius:8px;cursor:pointer';
  button.addEventListener('click', () => {
    inspector.start();
    button.remove();
  });
  document.body.append(button);
}
