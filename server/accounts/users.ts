/** Looking customers up, and what of them the API shows. */
import type { Profile } from '../../src/api/contract';
import type { DB, User } from '../db/database';
import { imageUrl } from '../uploads';

export const findUserByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const profileOf = (user: User): Profile => ({
  id: user.id,
  fullname: user.fullname,
  email: user.email,
  phone: user.phone,
  profile_image: imageUrl(user.profile_image),
});

/** PostgreSQL's unique_violation: two sign-ups with one email racing each other. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
