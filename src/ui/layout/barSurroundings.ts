/**
 * What the WhatsApp bar needs to know to keep out of the way (stickyBarMachine): whether a text
 * field, select or textarea has focus, and whether a field, button, card or table is under the
 * bar's corner, or any line of text or badge the customer reads (issue 35: on My bookings it hid
 * the service and the status). Reports go to `report` only when they change. In a browser without
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

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The bar's corner in the viewport, from its layout (not its transform), with the slack around it. */
function cornerBoxOf(bar: HTMLElement): Box {
  const style = getComputedStyle(bar);
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const right = width - parseFloat(style.right) + SLACK;
  const bottom = height - parseFloat(style.bottom) + SLACK;
  return {
    right,
    bottom,
    left: right - bar.offsetWidth - 2 * SLACK,
    top: bottom - bar.offsetHeight - 2 * SLACK,
  };
}

const meets = (rect: DOMRect, box: Box) =>
  rect.width > 0 &&
  rect.height > 0 &&
  rect.left < box.right &&
  rect.right > box.left &&
  rect.top < box.bottom &&
  rect.bottom > box.top;

/** Badges: their coloured box is read as a whole, not only their letters. */
const BADGE = /(^|[-\s])(badge|status)([-\s]|$)/;

/**
 * Whether a line of visible text (or a badge) of the page is under the corner. Walks down only
 * through elements whose box meets the corner, so a frame costs a few dozen boxes, not the page.
 */
function textUnder(box: Box, skip: Element): boolean {
  const range = document.createRange();
  const walker = document.createTreeWalker(
    document.body,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    {
      acceptNode(node) {
        if (node.nodeType === Node.TEXT_NODE) return NodeFilter.FILTER_ACCEPT;
        const element = node as Element;
        if (element === skip || element instanceof SVGElement) return NodeFilter.FILTER_REJECT;
        // Content lies within its container's box: a container away from the corner is skipped whole.
        return meets(element.getBoundingClientRect(), box)
          ? NodeFilter.FILTER_SKIP
          : NodeFilter.FILTER_REJECT;
      },
    },
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent) continue;
    const seen = parent.checkVisibility?.({ visibilityProperty: true, opacityProperty: true });
    if (seen === false) continue;
    if (BADGE.test(parent.className) && meets(parent.getBoundingClientRect(), box)) return true;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) if (meets(line, box)) return true;
  }
  return false;
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
  let overText = false;
  const tell = () => {
    const now = under.size > 0 || overText;
    if (now === covered) return;
    covered = now;
    report({ type: covered ? 'content.under' : 'content.clear' });
  };
  /** Text has no element of its own to observe: its lines are checked after each scroll and change. */
  const checkText = () => {
    const element = bar();
    if (!element) return;
    overText = textUnder(cornerBoxOf(element), element);
    tell();
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
    checkText();
  };
  // Page changes and resizes come in bursts (a render, a rotation): one rescan a frame at most.
  let frame = 0;
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), rescan()));
  };
  let textFrame = 0;
  const onScroll = () => {
    if (!textFrame) textFrame = requestAnimationFrame(() => ((textFrame = 0), checkText()));
  };
  const mutations = new MutationObserver(soon);
  mutations.observe(document.body, { childList: true, subtree: true, characterData: true });
  window.addEventListener('resize', soon);
  window.addEventListener('scroll', onScroll, { passive: true });
  rescan();
  return () => {
    stopFocus();
    cancelAnimationFrame(frame);
    cancelAnimationFrame(textFrame);
    mutations.disconnect();
    window.removeEventListener('resize', soon);
    window.removeEventListener('scroll', onScroll);
    observer?.disconnect();
  };
}
