/**
 * Pick one image by tap, click, keyboard or drag (react-dropzone): images only, 1 file
 * (docs/product.md, whose rejection messages are react-dropzone's own). A photo of any size is
 * taken: the page makes it fit 1 MB before it is sent (src/ui/photos). Controlled: the flow's
 * machine holds the file; this only renders it and reports picks, rejections and removal.
 */
import { useEffect, useMemo } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { MAX_UPLOAD_SIZE } from '../../api/contract/rules';
import { FieldErrors } from './Field';

export interface ImageDropProps {
  label: string;
  file: File | null;
  /** A picture already stored (e.g. the current profile image), shown until another is picked. */
  currentUrl?: string | null;
  errors?: string[];
  onPick: (file: File) => void;
  onReject: (messages: string[]) => void;
  onRemove: () => void;
  /** Takes the focus when shown, as after the button that opened it. */
  autoFocus?: boolean;
  /** Takes no pick while the chosen photo is being shrunk or sent. */
  disabled?: boolean;
}

/** A file's size as people read it: 412 KB, 1.2 MB. */
const sizeOf = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;

export function rejectionMessages(rejections: FileRejection[]): string[] {
  return [
    ...new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.message))),
  ];
}

export function ImageDrop({
  label,
  file,
  currentUrl,
  errors = [],
  onPick,
  onReject,
  onRemove,
  autoFocus = false,
  disabled = false,
}: ImageDropProps) {
  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    accept: { 'image/*': [] },
    maxFiles: 1,
    multiple: false,
    disabled,
    onDropAccepted: (files) => files[0] && onPick(files[0]),
    onDropRejected: (rejections) => onReject(rejectionMessages(rejections)),
  });
  useEffect(() => {
    if (autoFocus) rootRef.current?.focus();
  }, [autoFocus, rootRef]);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  const shown = previewUrl ?? currentUrl ?? null;
  const errorId = errors.length ? 'image-drop-errors' : undefined;

  return (
    <div className={errors.length ? 'field field-invalid' : 'field'}>
      <span className="field-label" id="image-drop-label">
        {label}
      </span>
      <div
        {...getRootProps({
          className: isDragActive ? 'dropzone dropzone-active' : 'dropzone',
          role: 'button',
          'aria-disabled': disabled || undefined,
          'aria-labelledby': 'image-drop-label',
          'aria-describedby': ['image-drop-hint', errorId].filter(Boolean).join(' '),
        })}
      >
        <p id="image-drop-hint">
          {isDragActive
            ? 'Drop the image here'
            : `Tap to choose an image, or drag one here. One image: a big photo is made smaller (${MAX_UPLOAD_SIZE} at most) on your device before it is sent.`}
        </p>
      </div>
      {/* Outside the button: an input inside it would be a control nested in a control. */}
      <input {...getInputProps({ 'aria-label': label })} />
      {shown && (
        <figure className="image-preview">
          <img
            src={shown}
            alt={file ? `Preview of ${file.name}` : 'Current image'}
            width={160}
            height={160}
          />
          {file && (
            <figcaption>
              {file.name} ({sizeOf(file.size)}){' '}
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={onRemove}
                disabled={disabled}
              >
                Remove image
              </button>
            </figcaption>
          )}
        </figure>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
