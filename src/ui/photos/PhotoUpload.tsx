/**
 * A form's photo on its page (src/machines/photoUploadMachine.ts): the picker, and what the upload
 * is doing (shrinking, sending with the share sent, failed with Try again), with the page's
 * effects (shrinking in the browser, the form's call sent with its progress). A page renders it
 * once the picker is opened (the photo step, "Add a profile image") and keeps it for the rest of
 * its life, so its code loads then, not with the page (docs/architecture.md, "What a route
 * loads"), and a photo chosen on one step is still there when the last step sends the form. The
 * page sends its form through `ref` (`PhotoUploadHandle.send`); before it is there, the form has
 * no photo and goes as it is.
 */
import { useImperativeHandle, useState, type Ref } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CallExtras } from '../../api/client';
import { withUploadProgress } from '../../api/uploadProgress';
import {
  photoUploadMachine,
  sendThrough,
  type PhotoUpload as Upload,
  type SendInput,
  type ShrinkInput,
} from '../../machines/photoUploadMachine';
import { ImageDrop } from '../components/ImageDrop';
import { standardActions } from '../components/useFlow';
import { inspect } from '../inspector';
import { shrinkPhoto } from './shrinkPhoto';
import './photos.css';

/** The form's call: with the photo when there is one; `transfer` brings the progress and the stop. */
export type SendWithPhoto<TRequest, TResult> = (
  request: TRequest,
  photo: File | null,
  transfer: Pick<CallExtras, 'signal' | 'transport'>,
) => Promise<TResult>;

export interface PhotoUploadHandle<TRequest, TResult> {
  /** The form's call sent through the upload: the answer, or why it ended. */
  send: (request: TRequest) => Promise<TResult>;
}

export interface PhotoUploadProps<TRequest extends object, TResult> {
  ref: Ref<PhotoUploadHandle<TRequest, TResult>>;
  /** The form's field the photo goes under (`file`, `profile_image`). */
  field: string;
  send: SendWithPhoto<TRequest, TResult>;
  label: string;
  /** The picker is shown (the photo's step); what the upload is doing always is. */
  showPicker: boolean;
  /** The picture already stored, shown until another is chosen. */
  currentUrl?: string | null;
  autoFocus?: boolean;
}

export function PhotoUpload<TRequest extends object, TResult>({
  ref,
  field,
  send,
  showPicker,
  ...shown
}: PhotoUploadProps<TRequest, TResult>) {
  // The effects are read once, as a flow's are (src/ui/components/useFlow.ts).
  const [machine] = useState(() =>
    photoUploadMachine.provide({
      actors: {
        shrink: fromPromise<File, ShrinkInput>(({ input, signal }) =>
          shrinkPhoto(input.file, { signal, onProgress: input.report }),
        ),
        // The request is the one the page's `send` handed over.
        send: fromPromise<unknown, SendInput>(({ input, signal }) =>
          send(input.request as TRequest, input.photo, {
            signal,
            transport: withUploadProgress(input.report),
          }),
        ),
      },
      actions: standardActions,
    }),
  );
  const upload = useActorRef(machine, { input: { field }, inspect });
  useImperativeHandle(ref, () => ({ send: (request) => sendThrough<TResult>(upload, request) }), [
    upload,
  ]);
  return (
    <div className="photo-upload">
      {showPicker && <PhotoField upload={upload} {...shown} />}
      <UploadStatus upload={upload} />
    </div>
  );
}

/** The picker: the upload's photo and messages; a pick, a refusal or Remove goes to it. */
function PhotoField({
  upload,
  ...shown
}: { upload: Upload; label: string } & Pick<
  PhotoUploadProps<object, unknown>,
  'currentUrl' | 'autoFocus'
>) {
  const { photo, errors } = useSelector(upload, (snapshot) => snapshot.context);
  const choosing = useSelector(upload, (snapshot) => snapshot.matches('choosing'));
  return (
    <ImageDrop
      {...shown}
      file={photo}
      errors={errors}
      disabled={!choosing}
      onPick={(file) => upload.send({ type: 'photo.pick', file })}
      onReject={(messages) => upload.send({ type: 'photo.reject', messages })}
      onRemove={() => upload.send({ type: 'photo.remove' })}
    />
  );
}

/** What the upload is doing while it takes time, with Cancel; after a dropped send, Try again. */
function UploadStatus({ upload }: { upload: Upload }) {
  const snapshot = useSelector(upload, (state) => state);
  const { progress, photo } = snapshot.context;
  const cancel = (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => upload.send({ type: 'cancel' })}
    >
      Cancel
    </button>
  );
  if (snapshot.matches('failed'))
    return (
      <div className="upload-status upload-failed" role="alert">
        <p>
          {photo ? 'Your photo was not sent' : 'The form was not sent'}: the connection dropped or
          the server did not answer. Everything you typed is kept.
        </p>
        <p className="actions">
          <button type="button" className="button" onClick={() => upload.send({ type: 'retry' })}>
            Try again
          </button>
          {cancel}
        </p>
      </div>
    );
  if (!snapshot.hasTag('busy')) return null;
  const doing = snapshot.matches('shrinking')
    ? 'Shrinking your photo…'
    : photo
      ? 'Sending your photo…'
      : 'Sending the form…';
  return (
    <div className="upload-status">
      {/* Heard once per step; the share sent is read from the bar, not announced at every change. */}
      <p className="visually-hidden" role="status">
        {doing}
      </p>
      <label htmlFor="upload-progress">
        {doing} <span className="upload-percent">{progress ?? 0} %</span>
      </label>
      <progress id="upload-progress" max={100} value={progress ?? 0}>
        {progress ?? 0} %
      </progress>
      {cancel}
    </div>
  );
}
