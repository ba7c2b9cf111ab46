/**
 * The /api/v1 wire contract: every call of the original API and this product's compatible extensions (docs/architecture.md).
 * Field names are spelt exactly as on the wire (dilivery_address, succes, Reason, ProgressBar…).
 * The website validates what it receives with these schemas; the server validates what it
 * accepts with the same ones. Nothing else in the code declares a wire shape.
 *
 * One module per area, so a page loads the schemas of its own calls only (docs/architecture.md,
 * "What a route loads"): ./rules (field rules, choice lists, money, the shape of a call),
 * ./accounts, ./profile, ./quotes (with the forms' ./quoteRequest), ./bookings (with the delivery
 * forms' ./deliveries), ./orders, ./staff, ./staffLists, ./staffPeople, ./prices,
 * ./messages and ./crews. This module gathers them: the
 * whole table of calls, for the server, and the types of every call.
 */
import type * as z from 'zod/mini';
import { accountCalls, type loginRequest, type loginResponse } from './accounts';
import { bookingCalls } from './bookings';
import type { bulkDeliveryRequest } from './deliveries';
import { orderCalls } from './orders';
import { priceCalls } from './prices';
import { profileCalls } from './profile';
import { quoteCalls } from './quotes';
import type { quoteRequest } from './quoteRequest';
import { messageCalls } from './messages';
import { define, healthResponse } from './rules';
import { staffCalls } from './staff';
import { staffListCalls } from './staffLists';
import { staffPeopleCalls } from './staffPeople';
import { crewCalls } from './crews';

export * from './rules';
export * from './accounts';
export * from './bookings';
export * from './deliveries';
export * from './orders';
export * from './prices';
export * from './profile';
export * from './quotes';
export * from './quoteRequest';
export * from './staff';
export * from './staffLists';
export * from './staffPeople';
export * from './listPages';
export * from './messages';
export * from './crews';

export const calls = define({
  ...accountCalls,
  ...profileCalls,
  ...quoteCalls,
  ...bookingCalls,
  ...orderCalls,
  ...staffCalls,
  ...staffListCalls,
  ...staffPeopleCalls,
  ...priceCalls,
  ...messageCalls,
  ...crewCalls,
  health: {
    method: 'GET',
    path: 'healthz',
    body: 'none',
    auth: 'none',
    request: null,
    response: healthResponse,
    success: null,
    fallback: null,
  },
});

export type CallName = keyof typeof calls;
export type RequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodMiniType
  ? z.input<(typeof calls)[N]['request']>
  : undefined;
export type ParsedRequestOf<N extends CallName> = (typeof calls)[N]['request'] extends z.ZodMiniType
  ? z.output<(typeof calls)[N]['request']>
  : undefined;
export type ResponseOf<N extends CallName> = z.output<(typeof calls)[N]['response']>;
type QuerySchemaOf<N extends CallName> = (typeof calls)[N] extends {
  query: infer Q extends z.ZodMiniType;
}
  ? Q
  : null;
/** The query string a call takes (filters, cursor), as the caller writes it. */
export type QueryOf<N extends CallName> =
  QuerySchemaOf<N> extends z.ZodMiniType ? z.input<QuerySchemaOf<N>> : never;
export type ParsedQueryOf<N extends CallName> =
  QuerySchemaOf<N> extends z.ZodMiniType ? z.output<QuerySchemaOf<N>> : never;

/** The wire types the rest of the code works with. */
export type LoginRequest = z.input<typeof loginRequest>;
export type LoginResponse = z.output<typeof loginResponse>;
export type QuoteRequest = z.input<typeof quoteRequest>;
export type BulkDeliveryRequest = z.input<typeof bulkDeliveryRequest>;
