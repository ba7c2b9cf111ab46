/**
 * Sessions: bearer tokens of 32 random bytes, stored only as their SHA-256, valid 30 days.
 * The hooks that guard routes by the contract's `auth`: a customer's session or the staff token.
 */
import crypto from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sha256 } from './accounts/codes';
import type { DB, User } from './db/database';
import { unauthorized } from './problems';

export const SESSION_DAYS = 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by `requireUser`. */
    user: User | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export async function startSession(db: DB, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
    .execute();
  return token;
}

export async function endSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
}

/** Ends every session of the user except, when given, the one making the request. */
export async function endOtherSessions(db: DB, userId: number, keepToken: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token_hash', '!=', sha256(keepToken));
  await query.execute();
}

export function requireUser(db: DB): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const user = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.token_hash', '=', sha256(token))
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!user) throw unauthorized();
    request.user = user;
  };
}

/** The request's customer; only called behind `requireUser`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireStaff(opsToken: string): onRequestAsyncHookHandler {
  const expected = Buffer.from(sha256(opsToken));
  return async (request) => {
    const given = Buffer.from(sha256(bearerToken(request) ?? ''));
    if (!crypto.timingSafeEqual(given, expected)) throw unauthorized();
  };
}
