/**
 * /profile-update (docs/product.md): profile image, full name, email (read-only, from the
 * session) and mobile number, filled from the stored profile and sent as multipart to
 * users/edit/{id}. A new image shows in the header avatar as soon as it is saved. The picker
 * (react-dropzone) opens with "Change profile image" and loads then, not with the page
 * (docs/architecture.md, "What a route loads").
 */
import { lazy, Suspense, useState } from 'react';
import { mediaUrl } from '../../api/media';
import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import type { Profile } from '../../api/contract/profile';
import { profileUpdateMachine, type ProfileChanges } from '../../machines/profileUpdateMachine';
import { AccountLayout } from '../account/AccountLayout';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SendButton, whenOnline } from '../components/sendWhenOnline';
import { formOf, useFlow } from '../components/useFlow';
import { Session } from '../session';
import { notifySuccess } from '../toast';
import { LoadFailed, Waiting } from '../components/LoadStates';

const ImageDrop = lazy(() =>
  import('../components/ImageDrop').then(({ ImageDrop }) => ({ default: ImageDrop })),
);

/** docs/product.md words it without the server's full stop. */
const UPDATED = 'User Profile updated successfully';

export default function ProfileUpdatePage() {
  usePageMeta('Profile');
  const session = Session.useActorRef();
  const stored = Session.useSelector((snapshot) => snapshot.context.session);
  const flow = useFlow<typeof profileUpdateMachine>(profileUpdateMachine, () => ({
    actors: {
      loadProfile: fromPromise<Profile>(async () => (await profileApi.profile(undefined)).data),
      // Offline, the changes wait for the network and go by itself (sendWhenOnlineMachine).
      saveProfile: whenOnline(
        fromPromise<Profile, ProfileChanges>(
          async ({ input }) =>
            (
              await profileApi.editProfile(input.values, {
                id: stored?.id,
                files: { profile_image: input.image },
              })
            ).data,
        ),
      ),
    },
    actions: {
      notifySuccess: () => notifySuccess(UPDATED),
      imageChanged: (_, { profileImage }) =>
        session.send({ type: 'profile.imageChanged', profileImage }),
    },
  }));
  const { snapshot, send, busy } = flow;
  const { field, onSubmit } = formOf(flow);
  const { errors, messages, image, currentImage, email } = snapshot.context;
  // Once opened (or holding a picked image or its message), the picker stays open.
  const [pickerOpen, setPickerOpen] = useState(false);
  const showPicker = pickerOpen || image !== null || Boolean(errors.profile_image?.length);

  return (
    <AccountLayout title="Profile">
      {snapshot.matches('loading') && <Waiting>Loading your profile…</Waiting>}
      {snapshot.matches('loadFailed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {(snapshot.matches('editing') || snapshot.matches('saving')) && (
        <form className="account-section" noValidate onSubmit={onSubmit}>
          {showPicker ? (
            <Suspense fallback={<Waiting>Loading the image picker…</Waiting>}>
              <ImageDrop
                label="Profile image"
                file={image}
                currentUrl={currentImage ? mediaUrl(currentImage) : null}
                errors={errors.profile_image}
                onPick={(file) => send({ type: 'image.pick', file })}
                onReject={(rejections) => send({ type: 'image.reject', messages: rejections })}
                onRemove={() => send({ type: 'image.remove' })}
                autoFocus={pickerOpen}
              />
            </Suspense>
          ) : (
            <div className="field">
              <span className="field-label">Profile image</span>
              {currentImage && (
                <figure className="image-preview">
                  <img src={mediaUrl(currentImage)} alt="Current image" width={160} height={160} />
                </figure>
              )}
              <p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setPickerOpen(true)}
                >
                  {currentImage ? 'Change profile image' : 'Add a profile image'}
                </button>
              </p>
            </div>
          )}
          <TextField label="Full name" required autoComplete="name" {...field('fullname')} />
          <TextField
            label="Email"
            type="email"
            readOnly
            value={stored?.email || email}
            hint="Your sign-in email cannot be changed here."
          />
          <TextField
            label="Mobile number"
            type="tel"
            required
            autoComplete="tel"
            {...field('phone')}
          />
          <p className="actions">
            <SendButton busy={busy} busyLabel="Updating..." sending={snapshot.children.saveProfile}>
              Update profile
            </SendButton>
          </p>
        </form>
      )}
    </AccountLayout>
  );
}
