/** The website's API client: base URL from VITE_API_BASE_URL, token from browser storage. */
import { createApi } from './client';
import { readToken } from './storage';

let onUnauthorized: () => void = () => {};

/** The session registers here so a 401 from any call ends it (issue 4). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export const api = createApi({
  baseUrl: () => import.meta.env.VITE_API_BASE_URL ?? '/api/v1',
  getToken: readToken,
  onUnauthorized: () => onUnauthorized(),
});
