/**
 * The hooks that guard routes by the contract's `auth`: a customer's session, a staff member's
 * session (the role is read on every request, so `remove-staff` takes effect at once), or the
 * ops token of the ops command. Sessions themselves are ../accounts/auth.ts.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isOpsToken, sessionTokenHash, sessionUser, STAFF_ONLY_MESSAGE } from '../accounts/auth';
import type { DB, User } from '../db/database';
import { forbidden, unauthorized } from './problems';
import { sendsForm } from './uploads';

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

/** The SHA-256 the request's session is stored under, or 401 without a usable bearer token. */
export const requestTokenHash = (request: FastifyRequest): string =>
  sessionTokenHash(bearerToken(request));

/** Sets `request.user` from the bearer token, or answers 401. */
export async function signIn(db: DB, request: FastifyRequest): Promise<void> {
  const user = await sessionUser(db, requestTokenHash(request));
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
    else requestTokenHash(request);
  };
}

export const isOpsRequest = (request: FastifyRequest, opsToken: string): boolean =>
  isOpsToken(bearerToken(request), opsToken);

/** The ops command only (`npm run ops`): changing who is staff is not a staff member's call. */
export function requireOpsToken(opsToken: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!isOpsRequest(request, opsToken)) throw unauthorized();
  };
}

/** A staff member's session (then `request.user` is set), or the ops token. */
export function requireStaff(db: DB, opsToken: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (isOpsRequest(request, opsToken)) return;
    await signIn(db, request);
    if (request.user?.role !== 'staff') throw forbidden(STAFF_ONLY_MESSAGE);
  };
}

export const CREW_ONLY_MESSAGE = 'Only crew members can do this.';

/**
 * A crew member's session. The role is read on every request, as staff's is: a member staff
 * removed from a crew (the role goes back to customer) is refused at once (docs/crews.md).
 */
export function requireCrew(db: DB): onRequestAsyncHookHandler {
  return async (request) => {
    await signIn(db, request);
    if (request.user?.role !== 'crew') throw forbidden(CREW_ONLY_MESSAGE);
  };
}
