/**
 * Makes a chosen photo fit the upload limit before it is sent (docs/using-the-site.md, "Photos"):
 * browser-image-compression draws it upright (as its EXIF orientation says), at most 1600 px on
 * its longest side, and encodes it as JPEG, stepping the quality down until it is at most
 * MAX_UPLOAD_BYTES (1 MB), in a web worker so that the page keeps answering. The library loads
 * with the first photo, and its worker takes its copy from this site, never from the library's
 * default CDN (`libURL`). The server still checks and encodes again whatever arrives.
 */
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_SIZE } from '../../api/contract/rules';
import { ApiError } from '../../api/errors';

export const LONGEST_SIDE = 1600;
export const PHOTO_TOO_LARGE = `This photo is larger than ${MAX_UPLOAD_SIZE} and could not be made smaller. Please choose another.`;

/** Where the shrink is: `onProgress` hears 0 to 100; `signal` stops it. */
export interface ShrinkOptions {
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

const asJpegName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'photo'}.jpg`;

/** The photo, upright, at most 1600 px and 1 MB, as JPEG; rejects when it cannot be read or made to fit. */
export async function shrinkPhoto(
  file: File,
  { signal, onProgress }: ShrinkOptions,
): Promise<File> {
  // Every browser the site's build runs in has createImageBitmap; where it is missing (jsdom, in
  // the view tests) nothing can be drawn, and a photo that already fits goes as it is.
  if (typeof createImageBitmap !== 'function') {
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError([PHOTO_TOO_LARGE]);
    return file;
  }
  const [{ default: imageCompression }, { default: libraryUrl }] = await Promise.all([
    import('browser-image-compression'),
    // The build serves the library's own file for the worker; its URL only, loaded by the worker.
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ]);
  const shrunk = await imageCompression(file, {
    maxSizeMB: MAX_UPLOAD_BYTES / 1_048_576,
    maxWidthOrHeight: LONGEST_SIDE,
    fileType: 'image/jpeg',
    // A phone photo at 0.8 is a few hundred KB at 1600 px: less to pay for on mobile data.
    initialQuality: 0.8,
    useWebWorker: true,
    libURL: new URL(libraryUrl, window.location.href).href,
    signal,
    onProgress,
  });
  if (shrunk.size > MAX_UPLOAD_BYTES) throw new ApiError([PHOTO_TOO_LARGE]);
  return new File([shrunk], asJpegName(file.name), {
    type: 'image/jpeg',
    lastModified: file.lastModified,
  });
}
