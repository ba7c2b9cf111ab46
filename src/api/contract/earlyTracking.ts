/**
 * The tracking page's early look-up (issue 38; docs/measurements.md, "On a slow network"): a
 * small inline script in the HTML of /package-details (written by scripts/prerender.ts) sends
 * the page's `trackingStatus` call as soon as the HTML is parsed, with the reference in the
 * address, while the app's code is still downloading. It leaves the call's unread answer under
 * `window[EARLY_TRACKING]`; the page's client takes it for its first look-up of that reference
 * instead of asking again, and reads and validates it as any answer of the call
 * (src/api/earlyTracking.ts).
 *
 * It is the same call the page makes (this table's path, method and multipart field), with no
 * session: the server answers tracking the same with or without one, under the same per-address
 * limits. The server's CSP allows this script by its hash (server/http/security.ts), so it must
 * stay byte for byte what this function returns.
 */
import { bookingCalls } from './bookings';

/** The property of `window` the early look-up is left under. */
export const EARLY_TRACKING = '__earlyTracking';

/** What the inline script leaves: the reference it asked for, where, and the answer to come. */
export interface EarlyTracking {
  /** The address's `reference`, trimmed as the page trims it; never empty. */
  reference: string;
  /** The call's address as the script sent it (relative to the page). */
  url: string;
  /** fetch's promise: rejects on a network failure, as fetch does. */
  response: Promise<Response>;
  /** The answer's status and JSON body, once both have arrived (none if the body is no JSON). */
  answer?: { status: number; body: unknown };
}

/**
 * The inline script's text. `apiBase` is where the API lives, `/api/v1` as the built site calls
 * it (tests pass their own server's).
 */
/* @__NO_SIDE_EFFECTS__ */
export function earlyTrackingScript(apiBase = '/api/v1'): string {
  const call = bookingCalls.trackingStatus;
  const url = `${apiBase.replace(/\/+$/, '')}/${call.path}`;
  return [
    '(function(){',
    "var r=(new URLSearchParams(location.search).get('reference')||'').trim();",
    'if(!r||!window.fetch||!window.FormData)return;',
    "var f=new FormData();f.append('reference_id',r);",
    `var u=${JSON.stringify(url)};`,
    `var p=fetch(u,{method:${JSON.stringify(call.method)},headers:{accept:'application/json'},body:f});`,
    'var e={reference:r,url:u,response:p};',
    // Its body read as it arrives (from a copy: the page's client can still read the answer), so
    // that a page starting after it shows it in its first render. A failure nobody takes (of the
    // call or of its body) is no error of the page's: the page handles it when it takes it.
    'p.then(function(x){return x.clone().json().then(function(b){e.answer={status:x.status,body:b};});}).catch(function(){});',
    `window[${JSON.stringify(EARLY_TRACKING)}]=e;`,
    '})();',
  ].join('');
}
