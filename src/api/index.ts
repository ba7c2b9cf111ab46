/**
 * The website's API clients: base URL from VITE_API_BASE_URL, token from browser storage. One
 * client per area of the contract (./accounts, ./profile, ./quotes, ./bookings, ./orders,
 * ./staff, ./prices), so a page loads the schemas of its own calls only (docs/architecture.md, "What a
 * route loads").
 */
import { createApi, type CallTable } from './client';
import type { CallName } from './contract';
import { readToken } from './storage';
import { reportUnauthorized } from './unauthorized';

export const siteApi = /* @__NO_SIDE_EFFECTS__ */ <Names extends CallName>(
  calls: CallTable<Names>,
) =>
  createApi(
    {
      baseUrl: () => import.meta.env.VITE_API_BASE_URL ?? '/api/v1',
      getToken: readToken,
      onUnauthorized: reportUnauthorized,
    },
    calls,
  );
