/**
 * What the WhatsApp bar needs to know to keep out of the way (stickyBarMachine): whether a text
 * field, select or textarea has focus, and whether a field, button, card or table is under the
 * bar's corner. Reports go to `report` only when they change. In a browser without
 * IntersectionObserver (tests in jsdom) only focus is watched.
 */
import type { StickyBarEvent } from '../../machines/stickyBarMachine';

/** What the bar must never cover; `.field` brings a field's label and hint along with its control. */
const GUARDED =
  'form, .field, label, input, select, textarea, button, [role="button"], .button, .card, .account-card, table';

/** Inputs the customer does not type in: the bar can stay while they have focus. */
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'file',
  'image',
  'range',
  'color',
  'hidden',
]);

const typedIn = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)) ||
  (target instanceof HTMLElement && target.isContentEditable);

/** A little more than the bar's box, so something just touching its edge counts as under it. */
const SLACK = 4;

/**
 * The bar's corner as an IntersectionObserver rootMargin: the viewport shrunk to the bar's box.
 * Read from its layout (offset size and right/bottom), which ignores the transform that moves it
 * out of the way, so the corner is the same whether the bar is shown or aside.
 */
function cornerOf(bar: HTMLElement): string {
  const style = getComputedStyle(bar);
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const right = parseFloat(style.right) - SLACK;
  const bottom = parseFloat(style.bottom) - SLACK;
  const top = height - bottom - bar.offsetHeight - 2 * SLACK;
  const left = width - right - bar.offsetWidth - 2 * SLACK;
  const margin = (px: number) => `${-Math.max(0, Math.round(px))}px`;
  return [top, right, bottom, left].map(margin).join(' ');
}

/**
 * Starts watching; answers the function that stops. `bar` answers the bar's element while it is
 * rendered (null while dismissed: the last corner measured stays in use).
 */
export function watchSurroundings(
  bar: () => HTMLElement | null,
  report: (event: StickyBarEvent) => void,
): () => void {
  const onFocusIn = (event: FocusEvent) => typedIn(event.target) && report({ type: 'field.focus' });
  const onFocusOut = (event: FocusEvent) => typedIn(event.target) && report({ type: 'field.blur' });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  if (typedIn(document.activeElement)) report({ type: 'field.focus' });
  const stopFocus = () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
  if (typeof IntersectionObserver === 'undefined') return stopFocus;

  const under = new Set<Element>();
  let watched = new Set<Element>();
  let corner = '';
  let observer: IntersectionObserver | null = null;
  let covered = false;
  const tell = () => {
    if (under.size > 0 === covered) return;
    covered = under.size > 0;
    report({ type: covered ? 'content.under' : 'content.clear' });
  };
  const onChange = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      if (entry.isIntersecting) under.add(entry.target);
      else under.delete(entry.target);
    }
    tell();
  };
  /** Follows the page as it changes: new elements watched, removed ones forgotten. */
  const rescan = () => {
    const element = bar();
    const next = element ? cornerOf(element) : corner;
    if (next !== corner || !observer) {
      observer?.disconnect();
      corner = next;
      observer = new IntersectionObserver(onChange, { rootMargin: corner });
      watched = new Set();
      under.clear();
    }
    const current = new Set(
      [...document.querySelectorAll(GUARDED)].filter((found) => !found.closest('.whatsapp-bar')),
    );
    let forgot = false;
    for (const gone of watched) {
      if (current.has(gone)) continue;
      observer.unobserve(gone);
      forgot = under.delete(gone) || forgot;
    }
    // Each newly watched element is reported once by the observer, under the corner or not.
    for (const found of current) if (!watched.has(found)) observer.observe(found);
    watched = current;
    if (forgot || current.size === 0) tell();
  };
  // Page changes and resizes come in bursts (a render, a rotation): one rescan a frame at most.
  let frame = 0;
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), rescan()));
  };
  const mutations = new MutationObserver(soon);
  mutations.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', soon);
  rescan();
  return () => {
    stopFocus();
    cancelAnimationFrame(frame);
    mutations.disconnect();
    window.removeEventListener('resize', soon);
    observer?.disconnect();
  };
}
