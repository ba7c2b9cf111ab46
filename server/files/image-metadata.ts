/**
 * Uploaded images are decoded and encoded again before they are stored, which keeps the picture
 * and drops everything a camera or phone writes beside it: EXIF (the GPS position, the device),
 * XMP, IPTC, comments, colour profiles. The picture is turned upright first, as its EXIF
 * orientation says, since that tag goes too. Animated GIF and WebP keep every frame. A file
 * whose pixels do not decode cleanly is no image; a picture of more than MAX_IMAGE_PIXELS (every
 * frame counted) is refused before it is decoded, since a small file can describe a huge one.
 *
 * What is stored is the encoder's output alone: bytes after the image's end (a script, an
 * archive: a polyglot) and comments or text chunks inside it never reach it, and a file cut short
 * does not decode (docs/decisions/image-trailers.md).
 */
import sharp, { type Sharp } from 'sharp';

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';

/** A 48-megapixel phone photo fits. */
export const MAX_IMAGE_PIXELS = 50_000_000;

// No customer's picture kept in memory after its request.
sharp.cache(false);

const encode: Record<ImageExt, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 90 }),
  gif: (image) => image.gif(),
};

export type Reencoded =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'unreadable' | 'too large' };

/** The image encoded again in its own format without its metadata, or why not. */
export async function withoutMetadata(bytes: Buffer, ext: ImageExt): Promise<Reencoded> {
  const input = {
    animated: ext === 'gif' || ext === 'webp',
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: 'warning',
  } as const;
  try {
    const { width, height } = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
    if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too large' };
    return { ok: true, bytes: await encode[ext](sharp(bytes, input).rotate()).toBuffer() };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
