/** The signed-in customer's profile: read, edit (with an optional image), delete the account. */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { accountPasswordMatches } from '../accounts/login-throttle';
import { deleteAccount } from '../accounts/account-deletion';
import { profileOf, updateProfile } from '../accounts/users';
import { currentUser } from '../accounts/auth';
import { invalid, Problem } from '../http/problems';
import type { RoutesOptions } from '../services';
import { uploadedFile } from '../http/uploads';
import { contractRoute } from './contract-route';

export const WRONG_PASSWORD = 'Your password is not correct.';

export async function profileRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, images, config, mailer } = services;

  contractRoute(app, services, 'profile', async (request) => ({
    message: calls.profile.success,
    data: profileOf(currentUser(request)),
  }));

  contractRoute(app, services, 'editProfile', async (request) => {
    const user = currentUser(request);
    // Sites logged in before ids became random stored the serial id; their sessions end within
    // SESSION_DAYS, and it is still only ever this caller's own account.
    if (request.params.id !== user.public_id && request.params.id !== String(user.id))
      throw new Problem(403, 'You can only edit your own profile.');
    const file = uploadedFile(request, 'profile_image');
    const image = file ? await images.save(file, 'profile_image', user.id) : user.profile_image;
    const updated = await updateProfile(db, user.id, { ...request.body, profile_image: image });
    if (image !== user.profile_image) await images.remove(user.profile_image);
    return { message: calls.editProfile.success, data: profileOf(updated) };
  });

  // Personal data goes with the account; its orders' money records stay, anonymised
  // (deleteAccount, docs/decisions/deleted-accounts.md). The password is limited with the account's
  // logins (a stolen session cannot guess it faster than a login could).
  contractRoute(
    app,
    services,
    'deleteUser',
    async (request) => {
      const user = currentUser(request);
      if (!(await accountPasswordMatches(db, user, request.body.password, config.loginThrottle))) {
        throw invalid({ password: [WRONG_PASSWORD] });
      }
      const cancelled = await deleteAccount(mailer, user, config.cancellationFeePercent);
      for (const reference of cancelled) services.tracking.forget(reference);
      if (cancelled.length > 0) void services.refunds?.now();
      request.log.info({ reason: request.body.Reason }, 'account deleted');
      return { succes: calls.deleteUser.success };
    },
    { rateLimited: true },
  );
}
