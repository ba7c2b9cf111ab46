/**
 * The 3-step form's photos and videos (docs/product.md): several files, images or video, kept in
 * the form but not sent, listed by name with a way to remove each.
 */
import { useDropzone } from 'react-dropzone';
import { FieldErrors } from '../components/Field';
import { rejectionMessages } from '../components/ImageDrop';
import type { QuoteFlow } from './useQuoteFlow';

export function MediaFiles({ flow }: { flow: QuoteFlow }) {
  const { files, errors } = flow.snapshot.context;
  const messages = errors.files ?? [];
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/*': [], 'video/*': [] },
    multiple: true,
    onDropAccepted: (accepted) => flow.send({ type: 'files.add', files: accepted }),
    onDropRejected: (rejections) =>
      flow.send({ type: 'files.reject', messages: rejectionMessages(rejections) }),
  });
  return (
    <div className={messages.length ? 'field field-invalid' : 'field'}>
      <span className="field-label" id="media-files-label">
        Photos or videos
      </span>
      <div
        {...getRootProps({
          className: isDragActive ? 'dropzone dropzone-active' : 'dropzone',
          role: 'button',
          'aria-labelledby': 'media-files-label',
          'aria-describedby': messages.length
            ? 'media-files-hint media-files-errors'
            : 'media-files-hint',
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Photos or videos' })} />
        <p id="media-files-hint">
          {isDragActive
            ? 'Drop the files here'
            : 'Tap to choose photos or videos, or drag them here. They help you describe your move; they stay on this device and are not uploaded, and a reload forgets them.'}
        </p>
      </div>
      {files.length > 0 && (
        <ul className="quote-files" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${index}:${file.name}`}>
              <span>{file.name}</span>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Remove ${file.name}`}
                onClick={() => flow.send({ type: 'files.remove', index })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldErrors id="media-files-errors" errors={messages} />
    </div>
  );
}
