/**
 * What pages last fetched, kept on the phone with when, so that offline they show it marked
 * "Offline — as of 14:05" (issue 38, docs/architecture.md "Offline"). Two kinds:
 * - the signed-in customer's own (My bookings): one entry, found only under the same account id,
 *   removed with the session (./storage.ts, clearSession: at sign-out and when the server ends
 *   the session);
 * - public data (the last tracking result: a status and its history, no personal data), kept.
 */
import { LAST_SEEN_MINE, readSession } from './storage';

export interface LastSeen<T> {
  data: T;
  /** When it was fetched, in milliseconds since 1970. */
  fetchedAt: number;
  /** Whose it is: the customer's id for their own data, '' for public data. */
  owner: string;
}

/** Nothing when storage is refused or the copy is damaged (as ./storage.ts reads). */
function load<T>(key: string): LastSeen<T> | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as LastSeen<T> | null;
  } catch {
    return null;
  }
}

/** Not kept when storage is refused (private mode, full): offline, the page says it failed. */
function save(key: string, data: unknown, owner: string) {
  try {
    localStorage.setItem(key, JSON.stringify({ data, fetchedAt: Date.now(), owner }));
  } catch {
    // Nothing to show offline then.
  }
}

/** The signed-in customer's own data as last seen, if it is theirs. */
export function loadMine<T>(): LastSeen<T> | null {
  const seen = load<T>(LAST_SEEN_MINE);
  const owner = readSession()?.id;
  return seen && owner && seen.owner === owner ? seen : null;
}

export function saveMine(data: unknown): void {
  const owner = readSession()?.id;
  if (owner) save(LAST_SEEN_MINE, data, owner);
}

/** Public data as last seen, by name (`tracking`). */
export const loadPublic = <T>(name: string) => load<T>(`lastSeen:${name}`);
export const savePublic = (name: string, data: unknown) => save(`lastSeen:${name}`, data, '');
