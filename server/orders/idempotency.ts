/**
 * Retry-safe submits: a quote, delivery or application sent with an `Idempotency-Key` header is
 * stored once. The key and a hash of the request (path, fields and file bytes) are stored on the
 * row the request creates, in the same statement, under a unique index: of two requests with one
 * key (per account; for anonymous applications per key and request) only one inserts, the other
 * answers the first one's result. The same key with another request is refused. Keys are kept
 * 24 hours, then cleared now and then, so the key costs a booking no extra round trip.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Log } from '../log';
import type { DB } from '../db/database';
import { Problem } from '../http/problems';

const VISIBLE_ASCII_KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT_FOR_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export const MALFORMED_KEY =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with a new submission.';

export interface IdempotencyKey {
  key: string;
  /** SHA-256 of the request: method, path, fields and file bytes. */
  hash: string;
}

/** What a keyed request is, for its hash: the route's method and path, its fields and its files' bytes. */
export interface KeyedRequest {
  method: string;
  /** The route's path pattern (one key is one call, whatever ids are in the address). */
  path: string;
  body: unknown;
  files: Iterable<[string, Buffer]> | null;
}

function requestHash({ method, path, body, files }: KeyedRequest): string {
  const hash = crypto
    .createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(JSON.stringify(body ?? null));
  for (const [field, bytes] of files ?? [])
    hash.update(`\n${field}:${bytes.length}\n`).update(bytes);
  return hash.digest('hex');
}

/** The key of the `Idempotency-Key` header and the request's hash, null without the header; a malformed key answers 400. */
export function idempotencyKeyOf(
  header: string | string[] | undefined,
  request: KeyedRequest,
): IdempotencyKey | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !VISIBLE_ASCII_KEY.test(header))
    throw new Problem(400, MALFORMED_KEY);
  return { key: header, hash: requestHash(request) };
}

/** A key seen again: the first request's row must be the same request and younger than 24 hours. */
export function checkReplay(
  first: { request_hash: string | null; created_at: Date },
  given: IdempotencyKey,
): 'replay' | 'expired' {
  if (Date.now() - first.created_at.getTime() > KEPT_FOR_MS) return 'expired';
  if (first.request_hash !== given.hash) throw new Problem(422, KEY_REUSED);
  return 'replay';
}

/** Clears keys older than 24 hours, at most every ten minutes, without making the request wait. */
export function keyExpiry(db: DB, log: Log): () => void {
  let lastSweep = 0;
  return () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    const expired = sql<Date>`now() - interval '24 hours'`;
    Promise.all(
      (['shipments', 'applications'] as const).map((table) =>
        db
          .updateTable(table)
          .set({ idempotency_key: null, request_hash: null })
          .where('idempotency_key', 'is not', null)
          .where('created_at', '<', expired)
          .execute(),
      ),
    ).catch((error: unknown) => log.warn({ err: error }, 'expired idempotency keys not cleared'));
  };
}
