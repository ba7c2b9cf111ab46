/**
 * Sessions: bearer tokens of 32 random bytes, stored only as their SHA-256, valid 30 days.
 * The hooks that guard routes by the contract's `auth`: a customer's session, a staff member's
 * session (the role is read on every request, so `remove-staff` takes effect at once), or the
 * ops token of the ops command.
 */
import crypto from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sha256 } from './codes';
import type { Actor, DB, User, UsersTable } from '../db/database';
import { forbidden, unauthorized } from '../http/problems';
import { sendsForm } from '../files/uploads';

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
    .values({
      token_hash: sha256(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    })
    .execute();
  return token;
}

export async function endSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
}

/** Ends every session of the user except, when given, the one making the request. */
export async function endOtherSessions(
  db: DB,
  userId: number,
  keepToken: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token_hash', '!=', sha256(keepToken));
  await query.execute();
}

export const STAFF_ONLY_MESSAGE = 'This is for Relo Logistics staff only.';

/** Every column of `users`, named rather than `users.*`, so the lookup runs as a prepared statement (db/prepared-statements.ts). */
const USER_COLUMNS = [
  'users.id',
  'users.fullname',
  'users.email',
  'users.phone',
  'users.password_hash',
  'users.profile_image',
  'users.email_verified_at',
  'users.created_at',
  'users.public_id',
  'users.role',
  'users.deleted_at',
] as const satisfies ReadonlyArray<`users.${keyof UsersTable}`>;

/** The SHA-256 the request's session is stored under, or 401 without a usable bearer token. */
export function sessionTokenHash(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token || token.length > 200) throw unauthorized();
  return sha256(token);
}

/** Sets `request.user` from the bearer token, or answers 401. */
export async function signIn(db: DB, request: FastifyRequest): Promise<void> {
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .where('sessions.token_hash', '=', sessionTokenHash(request))
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!user) throw unauthorized();
  request.user = user;
}

export function requireUser(db: DB): onRequestAsyncHookHandler {
  return async (request) => signIn(db, request);
}

/**
 * A booking's guard. A JSON body is at most 1 MB (Fastify's body limit), which any anonymous call
 * (sign-up, login) already reads without a session: for a JSON booking only a bearer token must be
 * there (else 401 at once), and its statement checks the session (../orders/booking.ts), saving the
 * lookup's round trip. A form (photos: up to 3.7 MB, through busboy) is read only for a live
 * session, looked up here, before its body is.
 */
export function requireBooker(db: DB): onRequestAsyncHookHandler {
  return async (request) => {
    if (sendsForm(request)) await signIn(db, request);
    else sessionTokenHash(request);
  };
}

/** The request's customer; only called behind `requireUser`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function isOpsToken(request: FastifyRequest, opsToken: string): boolean {
  return crypto.timingSafeEqual(
    Buffer.from(sha256(bearerToken(request) ?? '')),
    Buffer.from(sha256(opsToken)),
  );
}

/** The ops command only (`npm run ops`): changing who is staff is not a staff member's call. */
export function requireOpsToken(opsToken: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!isOpsToken(request, opsToken)) throw unauthorized();
  };
}

/** A staff member's session (then `request.user` is set), or the ops token. */
export function requireStaff(db: DB, opsToken: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (isOpsToken(request, opsToken)) return;
    await signIn(db, request);
    if (request.user?.role !== 'staff') throw forbidden(STAFF_ONLY_MESSAGE);
  };
}

/** Who makes a staff request: a staff member, or the ops command (no user). */
export const staffActor = (
  request: FastifyRequest,
): { actor: Actor; actor_user_id: number | null } =>
  request.user
    ? { actor: 'staff', actor_user_id: request.user.id }
    : { actor: 'ops', actor_user_id: null };
