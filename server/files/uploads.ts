/**
 * Image uploads: multipart forms of at most 1 MB per file, one file per request; the file is
 * accepted only when its bytes are a whole PNG, JPEG, WebP or GIF image that decodes, and is
 * stored encoded again, without its metadata or anything after the image's end (GPS position
 * included: see image-metadata.ts), stored in the `files` table under a random name, owned by the uploading
 * account, and served back by any server instance at /uploads/<name>.
 */
import crypto from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../src/api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
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

/** Whether the request's body is a multipart form (any multipart type: Fastify then refuses the others). */
export const sendsForm = (request: FastifyRequest) =>
  /^\s*multipart\//i.test(request.headers['content-type'] ?? '');

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

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request, by field name (never more than one: see `limits.files`). */
    uploads: Map<string, Buffer> | null;
  }
  interface FastifyContextConfig {
    /** False on a route that takes JSON only: a multipart form there is refused before it is read. */
    forms?: boolean;
  }
}

export const imageUrl = (name: string | null) => (name ? `/uploads/${name}` : null);

export class ImageStore {
  constructor(private readonly db: DB) {}

  /** Checks the file's bytes and stores it, without its metadata, for `ownerId`; a non-image answers 422 under `field`. */
  async save(bytes: Buffer, field: string, ownerId: number): Promise<string> {
    const ext = (await fileTypeFromBuffer(bytes))?.ext;
    if (!ext || !isImageExt(ext)) throw invalid({ [field]: [IMAGE_ONLY_MESSAGE] });
    const stored = await withoutMetadata(bytes, ext);
    if (!stored.ok)
      throw invalid({
        [field]: [stored.reason === 'too large' ? IMAGE_TOO_LARGE_MESSAGE : IMAGE_ONLY_MESSAGE],
      });
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await this.db
      .insertInto('files')
      .values({ name, owner_id: ownerId, content_type: imageTypes[ext], bytes: stored.bytes })
      .execute();
    return name;
  }

  async remove(name: string | null): Promise<void> {
    if (name) await this.db.deleteFrom('files').where('name', '=', name).execute();
  }

  /**
   * Serves stored images; names are random, so a name never changes its bytes and a public one
   * can be cached for good. `mayServe` keeps private images (quote photos, see photo-links.ts)
   * to those holding a signed link.
   */
  routes(
    app: FastifyInstance,
    mayServe: (name: string, request: FastifyRequest) => Promise<boolean>,
  ): void {
    app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const { name } = request.params;
      const file =
        STORED_NAME.test(name) && (await mayServe(name, request))
          ? await this.db
              .selectFrom('files')
              .select(['content_type', 'bytes'])
              .where('name', '=', name)
              .executeTakeFirst()
          : undefined;
      if (!file) return reply.code(404).send({ message: 'Not found' });
      const signed = 'signature' in (request.query as object);
      return reply
        .header('content-type', file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          signed ? 'private, max-age=3600' : 'public, max-age=31536000, immutable',
        )
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    });
  }
}

/** The uploaded file of `field`, if the request carried one. */
export const uploadedFile = (request: FastifyRequest, field: string) =>
  request.uploads?.get(field) ?? null;

/**
 * Multipart forms: text fields become `request.body` (a repeated field becomes a list, which the
 * schema then refuses), the file is kept aside in `request.uploads`. A form that cannot be read
 * answers 400, and the limits answer 413.
 *
 * Before a form's body is read (and after the route's session check, see routes/contract-route.ts):
 * a route that takes JSON only answers 415, and a boundary missing or longer than RFC 2046's 70
 * characters answers 400 (busboy would take up to 252; the tracking form's reading is bounded by it).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  app.decorateRequest('uploads', null);
  await app.register(multipart, {
    limits: FORM_LIMITS,
  });
  app.addHook('preParsing', async (request) => {
    // No route, no body to read: the answer is a 404.
    if (!sendsForm(request) || request.is404) return;
    if (request.routeOptions.config.forms === false) throw new Problem(415, JSON_ONLY_MESSAGE);
    if (!boundaryOf(request.headers['content-type'] ?? '')) throw unreadableForm();
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    const uploads = new Map<string, Buffer>();
    try {
      for await (const part of request.parts()) {
        const value = part.type === 'file' ? await part.toBuffer() : part.value;
        if (part.type === 'file') uploads.set(part.fieldname, value as Buffer);
        const previous = body[part.fieldname];
        body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
      }
    } catch (error) {
      if (error instanceof Error && 'statusCode' in error) throw error;
      throw unreadableForm();
    }
    request.body = body;
    request.uploads = uploads;
  });
}
