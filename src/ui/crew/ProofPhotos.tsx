/**
 * The handover's photos when there is no code (1 to 3), or a move's photos of the goods' condition
 * at its loading and its unloading (up to 3, optional): each picked by tap (the phone offers its
 * camera) and made smaller on the phone before it is kept (src/ui/photos/shrinkPhoto.ts). The
 * stop's machine holds them; this renders them and reports picks, refusals and removals.
 */
import { useEffect, useMemo } from 'react';
import { useDropzone } from 'react-dropzone';
import { MAX_PROOF_PHOTOS } from '../../api/contract/crewDay';
import { FieldErrors } from '../components/Field';
import { rejectionMessages } from '../components/ImageDrop';
import { Waiting } from '../components/LoadStates';
import type { StopFlow } from './StopActions';

function Thumbnail({ file, onRemove, index }: { file: File; onRemove: () => void; index: number }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li>
      <img src={url} alt={`Photo ${index + 1}`} width={96} height={96} />
      <button type="button" className="button button-secondary" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

export function ProofPhotos({
  snapshot,
  send,
  condition = false,
}: StopFlow & { condition?: boolean }) {
  const { photos, errors, progress } = snapshot.context;
  // In a form, the one wait is a photo being made smaller.
  const shrinking = snapshot.hasTag('busy');
  const what = condition ? 'the goods’ condition' : 'the handover';
  const full = photos.length >= MAX_PROOF_PHOTOS;
  const messages = errors.photos ?? [];
  const { getRootProps, getInputProps } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    disabled: shrinking || full,
    onDropAccepted: ([file]) => file && send({ type: 'photo.pick', file }),
    onDropRejected: (rejections) =>
      send({ type: 'photo.reject', messages: rejectionMessages(rejections) }),
  });
  return (
    <div className={messages.length ? 'field field-invalid' : 'field'}>
      <span className="field-label" id="crew-photos-label">
        Photos of {what} ({condition && 'optional, '}
        {photos.length} of {MAX_PROOF_PHOTOS})
      </span>
      {photos.length > 0 && (
        <ul className="crew-photos" aria-label="Photos taken">
          {photos.map((file, index) => (
            <Thumbnail
              key={`${index}:${file.name}`}
              file={file}
              index={index}
              onRemove={() => send({ type: 'photo.remove', index })}
            />
          ))}
        </ul>
      )}
      {shrinking ? (
        <Waiting>Preparing the photo… {progress ?? 0} %</Waiting>
      ) : (
        !full && (
          <div
            {...getRootProps({
              className: 'button button-secondary crew-photo-button',
              role: 'button',
              'aria-labelledby': 'crew-photos-label crew-photos-add',
              'aria-describedby': messages.length ? 'crew-photos-errors' : undefined,
            })}
          >
            <span id="crew-photos-add">{photos.length ? 'Add another photo' : 'Take a photo'}</span>
          </div>
        )
      )}
      {/* Outside the button: an input inside it would be a control nested in a control. */}
      <input {...getInputProps({ 'aria-label': `Photo of ${what}` })} />
      <FieldErrors id="crew-photos-errors" errors={messages} />
    </div>
  );
}
