/**
 * In development, `?inspect` in the URL connects every actor to the Stately inspector.
 * Production builds drop the whole branch: `import.meta.env.DEV` is false there.
 */
import type { InspectionEvent, Observer } from 'xstate';

export let inspect: Observer<InspectionEvent> | undefined;

export async function startInspector(): Promise<void> {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
}
