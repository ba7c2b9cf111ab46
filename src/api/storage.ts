/**
 * Browser storage as docs/product.md lists it: authToken, id and profile_image persist;
 * email lives only for the browser session. Storage can be unavailable (private mode,
 * blocked cookies), so every access is guarded and falls back to "nothing stored".
 *
 * What a page last saw, for when the phone is offline, is in ./lastSeen.ts; the signed-in
 * customer's own (My bookings) goes with the session (clearSession: at sign-out, and when the
 * server ends the session).
 */
import type { StoredSession } from './session';

export type { StoredSession };

const keys = {
  token: 'authToken',
  id: 'id',
  profileImage: 'profile_image',
  email: 'email',
  role: 'role',
} as const;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Storage refused (quota, privacy mode): the session simply is not remembered.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The signed-in customer's own data as last seen (My bookings, ./lastSeen.ts): gone with the session. */
export const LAST_SEEN_MINE = 'lastSeen:mine';

const roleOf = (stored: string | null): StoredSession['role'] =>
  stored === 'staff' || stored === 'crew' ? stored : 'customer';

export function readSession(): StoredSession | null {
  const token = read(local, keys.token);
  if (!token) return null;
  return {
    token,
    id: read(local, keys.id) ?? '',
    profileImage: read(local, keys.profileImage) ?? '',
    email: read(session, keys.email) ?? '',
    role: roleOf(read(local, keys.role)),
  };
}

export function readToken(): string | null {
  return read(local, keys.token);
}

export function saveSession(value: StoredSession): void {
  write(local, keys.token, value.token);
  write(local, keys.id, value.id);
  write(local, keys.profileImage, value.profileImage);
  write(session, keys.email, value.email);
  write(local, keys.role, value.role ?? 'customer');
}

export function clearSession(): void {
  write(local, LAST_SEEN_MINE, null);
  write(local, keys.token, null);
  write(local, keys.id, null);
  write(local, keys.profileImage, null);
  write(session, keys.email, null);
  write(local, keys.role, null);
}

/** docs/product.md: the avatar shows the stored image only when its text is longer than 4 characters. */
export function hasProfileImage(profileImage: string | null | undefined): profileImage is string {
  return typeof profileImage === 'string' && profileImage.length > 4;
}

/** Drafts of long forms survive a reload within the tab (issues 5 and 6), cleared after success. */
export const drafts = {
  load<T>(name: string): T | null {
    const text = read(session, `draft:${name}`);
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  save(name: string, value: unknown): void {
    write(session, `draft:${name}`, JSON.stringify(value));
  },
  clear(name: string): void {
    write(session, `draft:${name}`, null);
  },
};
