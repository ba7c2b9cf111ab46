/**
 * /profile-update (docs/product.md): profile image, full name, email (read-only, from the
 * session) and mobile number, filled from the stored profile and sent as multipart to
 * users/edit/{id}. A new image shows in the header avatar as soon as it is saved. The picker
 * opens with "Change profile image" and its code loads then, not with the page
 * (docs/architecture.md, "What a route loads"): from then on the photo upload holds the picture,
 * shrinks it, and sends the form with it, showing its progress (src/ui/photos). Below the form,
 * the customer chooses how they get texts about their orders (../account/TextPreferences).
 */
import { Suspense, useRef, useState } from 'react';
import { mediaUrl } from '../../api/media';
import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import type { Profile } from '../../api/contract/profile';
import { profileUpdateMachine, type ProfileValues } from '../../machines/profileUpdateMachine';
import { AccountLayout } from '../account/AccountLayout';
import { TextPreferences } from '../account/TextPreferences';
import { TextField } from '../components/Field';
import { usePageMeta } from '../components/PageMeta';
import { SendButton, whenOnline } from '../components/sendWhenOnline';
import { formOf, useFlow } from '../components/useFlow';
import { Session } from '../session';
import { notifySuccess } from '../toast';
import { LoadFailed, Waiting } from '../components/LoadStates';
import type {
  PhotoUpload as PhotoUploadView,
  PhotoUploadHandle,
  SendWithPhoto,
} from '../photos/PhotoUpload';
import { lazyPart } from '../components/lazyPart';

// (`lazy` drops the component's type parameters: it is typed as itself.)
const PhotoUpload = lazyPart(
  () => import('../photos/PhotoUpload').then(({ PhotoUpload }) => PhotoUpload),
  'The image picker',
) as typeof PhotoUploadView;

/** docs/product.md words it without the server's full stop. */
const UPDATED = 'User Profile updated successfully';

export default function ProfileUpdatePage() {
  usePageMeta('Profile');
  const session = Session.useActorRef();
  const stored = Session.useSelector((snapshot) => snapshot.context.session);
  const saveProfile: SendWithPhoto<ProfileValues, Profile> = async (values, photo, transfer) =>
    (
      await profileApi.editProfile(values, {
        ...transfer,
        id: stored?.id,
        files: { profile_image: photo },
      })
    ).data;
  // Once the picker is opened, the profile goes through its upload.
  const upload = useRef<PhotoUploadHandle<ProfileValues, Profile>>(null);
  const flow = useFlow<typeof profileUpdateMachine>(profileUpdateMachine, () => ({
    actors: {
      loadProfile: fromPromise<Profile>(async () => (await profileApi.profile(undefined)).data),
      // Offline, the changes wait for the network and go by themselves (sendWhenOnlineMachine);
      // once the picker is opened, they go through its upload.
      saveProfile: whenOnline(
        fromPromise<Profile, ProfileValues>(
          ({ input }) => upload.current?.send(input) ?? saveProfile(input, null, {}),
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
  const { messages, currentImage, email } = snapshot.context;
  // Once opened (with "Add a profile image" or "Change…"), the picker stays open.
  const [pickerOpen, setPickerOpen] = useState(false);

  return (
    <AccountLayout title="Profile">
      {snapshot.matches('loading') && <Waiting>Loading your profile…</Waiting>}
      {snapshot.matches('loadFailed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {(snapshot.matches('editing') || snapshot.matches('saving')) && (
        <form className="account-section" noValidate onSubmit={onSubmit}>
          {pickerOpen ? (
            <Suspense fallback={<Waiting>Loading the image picker…</Waiting>}>
              <PhotoUpload
                ref={upload}
                field="profile_image"
                send={saveProfile}
                label="Profile image"
                showPicker
                currentUrl={currentImage ? mediaUrl(currentImage) : null}
                autoFocus
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
      {/* Under the form, whose mobile number the texts go to. */}
      {(snapshot.matches('editing') || snapshot.matches('saving')) && <TextPreferences />}
    </AccountLayout>
  );
}
