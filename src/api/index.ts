/** The website's API client: base URL from VITE_API_BASE_URL, token from browser storage. */
import { createApi } from './client';
import { readToken } from './storage';
import { reportUnauthorized } from './unauthorized';

export { whenUnauthorized } from './unauthorized';

export const api = createApi({
  baseUrl: () => import.meta.env.VITE_API_BASE_URL ?? '/api/v1',
  getToken: readToken,
  onUnauthorized: reportUnauthorized,
});
