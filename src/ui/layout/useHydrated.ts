/**
 * False while React hydrates prerendered HTML, true afterwards (and at once when nothing was
 * prerendered). The prerendered pages are a visitor's view; parts that depend on this browser's
 * storage (the signed-in avatar) render the visitor's version until hydration is over, so the
 * first client render matches the HTML.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
