/** Looking customers up, and what of them the API shows. */
import type { Profile, UserRole } from '../../src/api/contract';
import type { DB, User } from '../db/database';
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

export const setUserRole = (db: DB, userId: number, role: UserRole) => db.updateTable('users').set({ role }).where('id', '=', userId).execute();
