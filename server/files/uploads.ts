/**
 * Image uploads: multipart forms of at most 1 MB per file, one file per request; the file is
 * accepted only when its bytes are a whole PNG, JPEG, WebP or GIF image that decodes, and is
 * stored encoded again, without its metadata or anything after the image's end (GPS position
 * included: see image-metadata.ts), stored in the `files` table under a random name, owned by the uploading
 * account, and served back by any server instance at /uploads/<name>.
 */
import crypto from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../src/api/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { DB } from '../db/database';
import { MAX_IMAGE_PIXELS, withoutMetadata, type ImageExt } from './image-metadata';
import { invalid, Problem } from '../http/problems';

/** What one multipart form may hold: one file, and fields enough for the longest form. */
export const FORM_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 40,
  parts: 41,
  fieldSize: 64 * 1024,
};

export const unreadableForm = () => new Problem(400, 'The form could not be read.');
export const JSON_ONLY_MESSAGE = 'Send the form as JSON.';

/** RFC 2046, section 5.1.1: a boundary is 1 to 70 characters. */
export const MAX_BOUNDARY_LENGTH = 70;
const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i;

/** The boundary of a multipart content type, or null when it has none or one longer than RFC 2046 allows. */
export function boundaryOf(contentType: string): string | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= MAX_BOUNDARY_LENGTH ? boundary : null;
}

const imageTypes: Record<ImageExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const isImageExt = (ext: string): ext is ImageExt => ext in imageTypes;
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;
export const IMAGE_ONLY_MESSAGE = 'File type must be an image: PNG, JPEG, WebP or GIF.';
export const IMAGE_TOO_LARGE_MESSAGE = `This picture is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

export const imageUrl = (name: string | null) => (name ? `/uploads/${name}` : null);

/** An image checked and encoded again, not stored yet. */
export interface PreparedImage {
  ext: ImageExt;
  bytes: Uint8Array;
}

/**
 * The same bytes under this realm's Uint8Array (a view, no copy). file-type and PGlite check their
 * input's class, and the server the site's jsdom tests start runs beside jsdom's globals, where
 * Node's Buffer is of another realm.
 */
const sameRealm = (bytes: Uint8Array) =>
  new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class ImageStore {
  constructor(private readonly db: DB) {}

  /** Checks the file's bytes and stores it, without its metadata, for `ownerId`; a non-image answers 422 under `field`. */
  async save(bytes: Buffer, field: string, ownerId: number): Promise<string> {
    return ImageStore.insert(this.db, await ImageStore.prepare(bytes, field), ownerId);
  }

  /**
   * Checks the file's bytes and encodes it again without its metadata, ready to be stored by
   * `insert` in the transaction of what it belongs to (a stop's proof); a non-image answers 422
   * under `field`.
   */
  static async prepare(bytes: Buffer, field: string): Promise<PreparedImage> {
    const ext = (await fileTypeFromBuffer(sameRealm(bytes)))?.ext;
    if (!ext || !isImageExt(ext)) throw invalid({ [field]: [IMAGE_ONLY_MESSAGE] });
    const stored = await withoutMetadata(bytes, ext);
    if (!stored.ok)
      throw invalid({
        [field]: [stored.reason === 'too large' ? IMAGE_TOO_LARGE_MESSAGE : IMAGE_ONLY_MESSAGE],
      });
    return { ext, bytes: stored.bytes };
  }

  /** Stores a prepared image under a new random name for `ownerId`; answers the name. */
  static async insert(db: DB, image: PreparedImage, ownerId: number): Promise<string> {
    const name = `${crypto.randomBytes(16).toString('hex')}.${image.ext}`;
    await db
      .insertInto('files')
      .values({
        name,
        owner_id: ownerId,
        content_type: imageTypes[image.ext],
        bytes: sameRealm(image.bytes),
      })
      .execute();
    return name;
  }

  async remove(name: string | null): Promise<void> {
    if (name) await this.db.deleteFrom('files').where('name', '=', name).execute();
  }

  /** A stored image's type and bytes; undefined for a name that is not one of ours. */
  async find(name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    const file = await this.db
      .selectFrom('files')
      .select(['content_type', 'bytes'])
      .where('name', '=', name)
      .executeTakeFirst();
    return (
      file && {
        contentType: file.content_type,
        bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      }
    );
  }

  /** Whether `name` could be a stored image's name at all (random hex and a known type). */
  static isStoredName(name: string): boolean {
    return STORED_NAME.test(name);
  }
}
