/**
 * The answer of the tracking page's early look-up (./contract/earlyTracking.ts: the inline
 * script of /package-details that asks as soon as the HTML is parsed), handed to the page's first
 * look-up as the way its call is sent (a `Transport`): the client then reads, checks and
 * explains it as any answer of `trackingStatus` (the contract's schema, its 404, its field
 * messages), so the page cannot tell it from asking now.
 *
 * Taken once, by the first look-up of the same reference; anything else finds none and asks the
 * server: a Refresh, another reference, a page opened in the app rather than by its address, a
 * site without the script. An early call that met a network failure is asked again; one with
 * no answer after the call's timeout fails as the call would.
 *
 * When the answer (its body too) is in before the page starts, and it is a shipment found,
 * `takeEarlyResult` gives it at once, checked by the call's contract as the client checks it: the
 * page starts showing it (packageDetailsMachine's `answered`), with no "Looking up…" in between.
 */
import { fetchWithRetries, type Transport } from './client';
import { bookingCalls, type TrackingResult } from './contract/bookings';
import { EARLY_TRACKING, type EarlyTracking } from './contract/earlyTracking';

const holder = () => window as unknown as Record<string, EarlyTracking | undefined>;

/** Where the client sends `trackingStatus` (./index.ts: VITE_API_BASE_URL, `/api/v1` by default). */
function trackingUrl() {
  const base = import.meta.env.VITE_API_BASE_URL ?? '/api/v1';
  return new URL(`${base.replace(/\/+$/, '')}/${bookingCalls.trackingStatus.path}`, location.href)
    .href;
}

/**
 * The shipment of `reference` when the early look-up has been answered with it already (status,
 * body and contract as the client would check them), then used: gone for anything after. Else
 * undefined, and the early answer stays for the look-up (`takeEarlyTracking`) to read and explain.
 */
export function takeEarlyResult(reference: string): TrackingResult | undefined {
  const early = holder()[EARLY_TRACKING];
  const answer = early?.answer;
  if (!early || !answer || early.reference !== reference.trim() || answer.status !== 200)
    return undefined;
  if (new URL(early.url, location.href).href !== trackingUrl()) return undefined;
  const call = bookingCalls.trackingStatus;
  const said = (answer.body as { message?: unknown } | null)?.message;
  const parsed = call.response.safeParse(answer.body);
  if (said !== call.success || !parsed.success) return undefined;
  delete holder()[EARLY_TRACKING];
  return parsed.data.data;
}

/** `promise`, or a rejection after `timeoutMs` or when `signal` aborts. */
function within<T>(promise: Promise<T>, timeoutMs: number, signal: AbortSignal | undefined) {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new DOMException('No answer', 'AbortError'));
    const timer = setTimeout(stop, timeoutMs);
    signal?.addEventListener('abort', stop);
    if (signal?.aborted) stop();
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    });
  });
}

/**
 * The transport that answers the look-up of `reference` with the early answer, or undefined when
 * there is none for it. Either way the early answer is gone after this: it is used once.
 */
export function takeEarlyTracking(reference: string): Transport | undefined {
  const early = holder()[EARLY_TRACKING];
  delete holder()[EARLY_TRACKING];
  if (!early || early.reference !== reference.trim()) return undefined;
  const earlyUrl = new URL(early.url, location.href).href;
  let used = false;
  return async (url, init, timeoutMs, signal) => {
    const same = !used && init.method === 'POST' && new URL(url, location.href).href === earlyUrl;
    used = true;
    if (!same) return fetchWithRetries(url, init, timeoutMs, signal);
    const response = await within(
      early.response.catch(() => null),
      timeoutMs,
      signal,
    );
    // The early call never reached the server (a network failure): ask now, as the page would have.
    return response ?? fetchWithRetries(url, init, timeoutMs, signal);
  };
}
