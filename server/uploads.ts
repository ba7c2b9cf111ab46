/**
 * Image uploads: multipart forms of at most 1 MB per file, one file per request; the file is
 * accepted only when its bytes are a PNG, JPEG, WebP or GIF image, stored under a random name in
 * DATA_DIR/uploads and served back at /uploads/<name> with the content type of what it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { invalid, Problem } from './problems';

export const MAX_UPLOAD_BYTES = 1_048_576;

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;
export const IMAGE_ONLY_MESSAGE = 'File type must be an image: PNG, JPEG, WebP or GIF.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request, by field name (never more than one: see `limits.files`). */
    uploads: Map<string, Buffer> | null;
  }
}

export const imageUrl = (name: string | null) => (name ? `/uploads/${name}` : null);

export class ImageStore {
  constructor(readonly directory: string) {
    fs.mkdirSync(directory, { recursive: true });
  }

  /** Checks the file's bytes and stores it; a non-image answers 422 under `field`. */
  async save(bytes: Buffer, field: string): Promise<string> {
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(type.ext in imageTypes)) throw invalid({ [field]: [IMAGE_ONLY_MESSAGE] });
    const name = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
    await fs.promises.writeFile(path.join(this.directory, name), bytes, { flag: 'wx' });
    return name;
  }

  async remove(name: string | null): Promise<void> {
    if (name && STORED_NAME.test(name)) await fs.promises.rm(path.join(this.directory, name), { force: true });
  }

  /** Serves stored images; the name pattern keeps requests inside the directory. */
  routes(app: FastifyInstance): void {
    app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const { name } = request.params;
      const file = path.join(this.directory, name);
      if (!STORED_NAME.test(name) || !fs.existsSync(file)) return reply.code(404).send({ message: 'Not found' });
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return reply
        .header('content-type', imageTypes[ext])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file));
    });
  }
}

/** The uploaded file of `field`, if the request carried one. */
export const uploadedFile = (request: FastifyRequest, field: string) => request.uploads?.get(field) ?? null;

/**
 * Multipart forms: text fields become `request.body` (a repeated field becomes a list, which the
 * schema then refuses), the file is kept aside in `request.uploads`. A form that cannot be read
 * answers 400, and the limits answer 413.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  app.decorateRequest('uploads', null);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 },
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
      throw new Problem(400, 'The form could not be read.');
    }
    request.body = body;
    request.uploads = uploads;
  });
}
