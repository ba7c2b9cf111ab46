/** Customers' rows: looking them up, creating, changing and deleting them, and what of them the API shows. */
import type { Insertable, Updateable } from 'kysely';
import type { Profile, UserRole } from '../../src/api/contract';
import type { DB, User, UsersTable } from '../db/database';
import { imageUrl } from '../files/uploads';

export const findUserByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

/** The public id is a random uuid: the internal serial id would tell how many accounts exist. */
export const profileOf = (user: User): Profile => ({
  id: user.public_id,
  fullname: user.fullname,
  email: user.email,
  phone: user.phone,
  profile_image: imageUrl(user.profile_image),
  role: user.role,
});

/** PostgreSQL's unique_violation: two sign-ups with one email racing each other. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A new, unverified account; null when the email already has one (a racing sign-up included). */
export async function createUser(
  db: DB,
  user: Pick<Insertable<UsersTable>, 'fullname' | 'email' | 'phone' | 'password_hash'>,
) {
  return db
    .insertInto('users')
    .values(user)
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
}

export async function markEmailVerified(db: DB, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Stores a new password hash. `proveEmail`: the change came through a code sent to the mailbox
 * (a reset), so the email counts as verified too.
 */
export async function setPasswordHash(
  db: DB,
  userId: number,
  password_hash: string,
  { proveEmail = false } = {},
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) =>
      proveEmail
        ? {
            password_hash,
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())),
          }
        : { password_hash },
    )
    .where('id', '=', userId)
    .execute();
}

/** The edited fields of a profile and its image (already stored, or the old one); the updated row. */
export const updateProfile = (db: DB, userId: number, changes: Updateable<UsersTable>) =>
  db
    .updateTable('users')
    .set(changes)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * The address a deleted account's row keeps (./account-deletion.ts): unique like every address,
 * frees the real one for a new sign-up, and under `.invalid` (RFC 2606), so it reaches nobody;
 * the outbox drops mail to it.
 */
const DELETED_ACCOUNT_DOMAIN = '@deleted.invalid';
export const deletedAccountEmail = (publicId: string) =>
  `deleted-${publicId}${DELETED_ACCOUNT_DOMAIN}`;
export const isDeletedAccountEmail = (email: string) => email.endsWith(DELETED_ACCOUNT_DOMAIN);

export const setUserRole = (db: DB, userId: number, role: UserRole) =>
  db.updateTable('users').set({ role }).where('id', '=', userId).execute();
