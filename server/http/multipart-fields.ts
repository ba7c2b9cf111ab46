/**
 * Multipart forms of the routes that take no file (the tracking lookup): the body is read whole
 * (Fastify's body limit applies) and split at its boundary in one pass. @fastify/multipart streams
 * every part through busboy for the routes that take images; for a form of one short field that
 * machinery cost more than the lookup itself (docs/measurements.md). The result is what
 * `registerMultipart` (./uploads.ts) makes of the same form: text fields by name, a repeated field
 * as a list, a file part (one with a filename) as its bytes, the same limits and the same answers
 * to a broken form. Unlike busboy, a part without a name is refused rather than named "undefined",
 * and a name is taken as written (busboy reads a backslash in it as an escape); browsers and the
 * site's client send neither.
 *
 * The work is bounded by the body's size whatever it holds: a boundary is at most 70 characters
 * (RFC 2046; a longer one is refused before the body is read, `registerMultipart`), so each search
 * compares a character at most 74 times, and every search starts where the last one ended. An
 * unbounded boundary let V8's string search degrade to body × boundary: a 3.7 MB body with a
 * 15,000-character one held the event loop for 16 s (docs/measurements.md).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { handleError } from './error-handler';
import { Problem } from './problems';
import { boundaryOf, FORM_LIMITS, unreadableForm } from '../files/uploads';

const DISPOSITION = /^content-disposition:\s*form-data\s*(;.*)?$/im;
const NAME = /;\s*name="([^"]*)"/i;
const FILENAME = /;\s*filename\*?=/i;

/** The largest form the streamed reading lets through: the file and every field at their limits. */
export const WHOLE_FORM_LIMIT = FORM_LIMITS.fileSize + FORM_LIMITS.parts * FORM_LIMITS.fieldSize;

type Errors = FastifyInstance['multipartErrors'];

/**
 * The form's fields by name; `errors` are @fastify/multipart's, so a broken form is answered as on
 * the other routes. Latin-1 keeps one character per byte, so slicing never splits a UTF-8 sequence.
 */
export function parseFieldsOnlyForm(
  body: Buffer,
  contentType: string,
  errors: Errors,
): Record<string, unknown> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw unreadableForm();
  // Every delimiter follows a line break, the first one too (busboy reads the body the same way):
  // a body's first line is its first delimiter or a preamble that is skipped.
  const delimiter = `\r\n--${boundary}`;
  const text = `\r\n${body.toString('latin1')}`;
  const fields: Record<string, unknown> = {};
  let position = text.indexOf(delimiter);
  // No part at all is an empty form, as busboy reads it: the schema then names the missing fields.
  if (position === -1) return fields;
  let parts = 0;
  let files = 0;
  for (;;) {
    position += delimiter.length;
    if (text.startsWith('--', position)) return fields;
    if (!text.startsWith('\r\n', position)) throw unreadableForm();
    const headersEnd = text.indexOf('\r\n\r\n', position);
    const next = headersEnd === -1 ? -1 : text.indexOf(delimiter, headersEnd + 4);
    if (next === -1) throw unreadableForm();
    const disposition = DISPOSITION.exec(text.slice(position + 2, headersEnd + 2))?.[1] ?? '';
    const name = NAME.exec(disposition)?.[1];
    if (name === undefined) throw unreadableForm();
    if (name in Object.prototype) throw new errors.PrototypeViolationError();
    const bytes = Buffer.from(text.slice(headersEnd + 4, next), 'latin1');
    const isFile = FILENAME.test(disposition);
    parts += 1;
    if (isFile) files += 1;
    if (parts > FORM_LIMITS.parts) throw new errors.PartsLimitError();
    if (parts - files > FORM_LIMITS.fields) throw new errors.FieldsLimitError();
    if (files > FORM_LIMITS.files) throw new errors.FilesLimitError();
    if (isFile && bytes.length > FORM_LIMITS.fileSize) throw new errors.RequestFileTooLargeError();
    const value = isFile ? bytes : bytes.subarray(0, FORM_LIMITS.fieldSize).toString('utf8');
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
    position = next;
  }
}

/**
 * Routes registered in `app` read their multipart forms with `parseFieldsOnlyForm`, bodies of at
 * most `bodyLimit` bytes (a larger one is refused while it arrives, with 413).
 */
export function readFormsWithoutFiles(app: FastifyInstance, bodyLimit = WHOLE_FORM_LIMIT): void {
  const tooLarge = `The form is too large: at most ${Math.floor(bodyLimit / 1024)} KB.`;
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new Problem(413, tooLarge) : error,
      request,
      reply,
    ),
  );
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit },
    (request, body, done) => {
      try {
        done(
          null,
          parseFieldsOnlyForm(
            body as Buffer,
            request.headers['content-type'] ?? '',
            app.multipartErrors,
          ),
        );
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
