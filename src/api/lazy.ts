/**
 * API clients for pages that call them only when the user acts (a form's submit, a button): the
 * same calls as ./accounts, ./bookings…, but the client and the area's table of calls (with its
 * response schemas) load on the first call instead of with the page (docs/architecture.md, "What
 * a route loads"). Pages that fetch while they open import the area's module, since they need it
 * at once.
 */
const lazyApi = /* @__NO_SIDE_EFFECTS__ */ <Client extends object>(
  load: () => Promise<Client>,
): Client =>
  new Proxy({} as Client, {
    get:
      (_client, name: string | symbol) =>
      async (...args: unknown[]) =>
        ((await load())[name as keyof Client] as (...args: unknown[]) => Promise<unknown>)(...args),
  });

export const accountsApi = lazyApi(() => import('./accounts').then((area) => area.accountsApi));
export const bookingsApi = lazyApi(() => import('./bookings').then((area) => area.bookingsApi));
export const quotesApi = lazyApi(() => import('./quotes').then((area) => area.quotesApi));
export const ordersApi = lazyApi(() => import('./orders').then((area) => area.ordersApi));
export const staffApi = lazyApi(() => import('./staff').then((area) => area.staffApi));
