/**
 * What a request names in its address, checked in one place for every route (the guard of
 * routes/contract-route.ts) before a route hands it to the database: the `{id}`, `{key}` and
 * `{token}` of the path and the `cursor` of a page. A NUL or a number beyond an integer column made PostgreSQL (and PGlite)
 * fail the statement, a 500; now a path id no row can have is a 404 and a cursor out of range a
 * 400, before any query.
 */
import type { FastifyRequest } from 'fastify';
import { notFound, Problem } from './problems';

/** The largest value of an `integer` column (ids of rows, and so of id cursors). */
export const ROW_ID_MAX = 2 ** 31 - 1;

/** A row id written out: 1 to ROW_ID_MAX, no sign, no leading zero. */
export const isRowId = (text: string) =>
  /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= ROW_ID_MAX;

/**
 * A path id any row can have: a reference (RL-…), an account's public id (a UUID) or a row id,
 * so printable ASCII of at most 64 characters, and a number only within an integer's range.
 */
export const isPathId = (text: string) =>
  /^[\x21-\x7e]{1,64}$/.test(text) && (!/^[0-9]+$/.test(text) || isRowId(text));

export const NOTHING_AT_THIS_ADDRESS =
  'Nothing was found at this address: check the reference or the number in it.';
export const INVALID_CURSOR = 'The cursor is not valid: start again from the first page.';

/**
 * 404 for a path id or key no row can have (a key is a Paystack reference, a receipt number or a
 * refund's id: the same printable ASCII), 400 for a cursor of digits out of an id's range. Other
 * malformed cursors are the call's own: the staff lists answer them 422 at `cursor` (the
 * contract's paging rule), users/orders decodes its own (orders/customer-orders.ts).
 */
export function checkAddress(request: FastifyRequest): void {
  const { id, key, token } = (request.params ?? {}) as {
    id?: unknown;
    key?: unknown;
    token?: unknown;
  };
  if (typeof id === 'string' && !isPathId(id)) throw notFound(NOTHING_AT_THIS_ADDRESS);
  // A private link's token (server/messages/track-links.ts) checks its own form; here, its size.
  if (typeof token === 'string' && !/^[\x21-\x7e]{1,64}$/.test(token))
    throw notFound(NOTHING_AT_THIS_ADDRESS);
  // A receipt number typed from the paper may carry spaces around it; the route trims them.
  if (typeof key === 'string' && !isPathId(key.trim())) throw notFound(NOTHING_AT_THIS_ADDRESS);
  const { cursor } = (request.query ?? {}) as { cursor?: unknown };
  if (typeof cursor === 'string' && /^[0-9]+$/.test(cursor) && !isRowId(cursor))
    throw new Problem(400, INVALID_CURSOR);
}
