/**
 * The private tracking link's calls (./contract/messages), for the light page `/t/<token>`: no
 * session, so no token and no storage; the same client as every other page, which validates each
 * answer with the contract's schema (docs/decisions/018-light-tracking-link-page.md).
 */
import { createApi } from './client';
import { messageCalls } from './contract/messages';

export const trackLinksApi = createApi(
  { baseUrl: () => import.meta.env.VITE_API_BASE_URL ?? '/api/v1', getToken: () => null },
  { trackLink: messageCalls.trackLink, trackLinkOptOut: messageCalls.trackLinkOptOut },
);
