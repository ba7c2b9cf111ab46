/**
 * Multipart forms and stored images on the wire: reading a form's fields and file into the
 * request, and serving `/uploads/<name>`. What an image may be, and storing it, is
 * ../files/uploads.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  boundaryOf,
  FORM_LIMITS,
  ImageStore,
  JSON_ONLY_MESSAGE,
  unreadableForm,
} from '../files/uploads';
import { Problem } from './problems';

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request with their field names, in the order sent (see `files` below). */
    uploads: Array<[string, Buffer]> | null;
  }
  interface FastifyContextConfig {
    /** False on a route that takes JSON only: a multipart form there is refused before it is read. */
    forms?: boolean;
    /** How many files the route's form may carry: one (`FORM_LIMITS.files`) unless it says more. */
    files?: number;
  }
}

/** Whether the request's body is a multipart form (any multipart type: Fastify then refuses the others). */
export const sendsForm = (request: FastifyRequest) =>
  /^\s*multipart\//i.test(request.headers['content-type'] ?? '');

/** The uploaded file of `field`, if the request carried one. */
export const uploadedFile = (request: FastifyRequest, field: string) =>
  request.uploads?.find(([name]) => name === field)?.[1] ?? null;

/** Every file the request carried under `field` (a route that takes several: proof photos). */
export const uploadedFiles = (request: FastifyRequest, field: string): Buffer[] =>
  (request.uploads ?? []).filter(([name]) => name === field).map(([, bytes]) => bytes);

/** A form with more files than its route takes. */
const tooManyFiles = (files: number) =>
  new Problem(413, files === 1 ? 'Upload one image only.' : `Upload at most ${files} images.`);

/**
 * Serves stored images; names are random, so a name never changes its bytes and a public one
 * can be cached for good. `mayServe` keeps private images (quote photos, see
 * ../files/photo-links.ts) to those holding a signed link, given in the query.
 */
export function imageRoutes(
  app: FastifyInstance,
  images: ImageStore,
  mayServe: (name: string, query: unknown) => Promise<boolean>,
): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const file =
      ImageStore.isStoredName(name) && (await mayServe(name, request.query))
        ? await images.find(name)
        : undefined;
    if (!file) return reply.code(404).send({ message: 'Not found' });
    const signed = 'signature' in (request.query as object);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header(
        'cache-control',
        signed ? 'private, max-age=3600' : 'public, max-age=31536000, immutable',
      )
      .send(file.bytes);
  });
}

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
    const uploads: Array<[string, Buffer]> = [];
    const files = request.routeOptions.config.files ?? FORM_LIMITS.files;
    try {
      const parts = request.parts({
        limits: { files, parts: FORM_LIMITS.parts + files - FORM_LIMITS.files },
      });
      for await (const part of parts) {
        const value = part.type === 'file' ? await part.toBuffer() : part.value;
        if (part.type === 'file') uploads.push([part.fieldname, value as Buffer]);
        const previous = body[part.fieldname];
        body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
      }
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'FST_FILES_LIMIT')
        throw tooManyFiles(files);
      if (error instanceof Error && 'statusCode' in error) throw error;
      throw unreadableForm();
    }
    request.body = body;
    request.uploads = uploads;
  });
}
