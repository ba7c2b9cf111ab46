/**
 * The signed-in account's own profile: reading it (the account pages, the staff workspace's bar)
 * and editing it. An area of its own, so the staff workspace loads these two calls' schemas, not
 * every account call's (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import { define, nigerianPhone, requiredText, userRole } from './rules';

/** Multipart text fields of users/edit/{id}; the optional image travels as `profile_image`. */
export const profileUpdateRequest = z.object({
  fullname: requiredText('Please fill in your full name.', 120),
  phone: nigerianPhone('Please fill in your mobile number.'),
});

export const profile = z.object({
  /** A random uuid, never the database's sequential id. */
  id: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  profile_image: z.nullable(z.string()),
  role: userRole,
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = z.object({ message: z.string(), data: profile });

export const profileCalls = define({
  editProfile: {
    method: 'POST',
    path: 'users/edit/{id}',
    body: 'multipart',
    auth: 'bearer',
    request: profileUpdateRequest,
    response: profileResponse,
    success: 'User Profile updated successfully.',
    fallback: null,
  },
  profile: {
    method: 'GET',
    path: 'users/profile',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: profileResponse,
    success: 'Profile found',
    fallback: null,
  },
});
