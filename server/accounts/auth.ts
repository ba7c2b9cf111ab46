/**
 * Sessions: bearer tokens of 32 random bytes, stored only as their SHA-256, valid 30 days. The
 * hooks that read them from a request and guard routes by the contract's `auth` are
 * ../http/auth.ts; here is what they ask of the accounts, over plain values.
 */
import crypto from 'node:crypto';
import { sha256 } from './codes';
import type { Actor, DB, User, UsersTable } from '../db/database';
import { unauthorized } from '../http/problems';

export const SESSION_DAYS = 30;

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
  'users.text_sms',
  'users.text_whatsapp',
] as const satisfies ReadonlyArray<`users.${keyof UsersTable}`>;

/** The SHA-256 a session is stored under, or 401 without a usable bearer token. */
export function sessionTokenHash(token: string | null): string {
  if (!token || token.length > 200) throw unauthorized();
  return sha256(token);
}

/** The user of a live session, by its token's hash; undefined when it has ended or never was. */
export const sessionUser = (db: DB, tokenHash: string): Promise<User | undefined> =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();

/** Whether the bearer token is the ops token, compared in constant time. */
export const isOpsToken = (token: string | null, opsToken: string): boolean =>
  crypto.timingSafeEqual(Buffer.from(sha256(token ?? '')), Buffer.from(sha256(opsToken)));

/** Who is signed in, as the guard set it (../http/auth.ts): a request, or anything holding its user. */
interface SignedIn {
  user: User | null;
}

/** The request's customer; only called behind a guard that signs in (`requireUser`). */
export function currentUser(request: SignedIn): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Who makes a staff request: a staff member, or the ops command (no user). */
export const staffActor = ({ user }: SignedIn): { actor: Actor; actor_user_id: number | null } =>
  user ? { actor: 'staff', actor_user_id: user.id } : { actor: 'ops', actor_user_id: null };
