/**
 * The API client for pages that call it only when the user acts (a form's submit, a button):
 * the same calls as `api` from ./index, but ky and the table of calls (with every response
 * schema) load on the first call instead of with the page (docs/architecture.md, "What a route
 * loads"). Pages that fetch while they open import ./index, since they need it at once.
 */
import type { Api } from './client';

const loadClient = () => import('./index').then(({ api }) => api);

export const api = new Proxy({} as Api, {
  get:
    (_client, name: keyof Api) =>
    async (...args: unknown[]) =>
      ((await loadClient())[name] as (...args: unknown[]) => Promise<unknown>)(...args),
});
