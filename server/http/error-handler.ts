/**
 * One error handler for the whole server (docs/product.md): every failure answers a `message`,
 * field messages under `errors` (and under `data` for the booking calls), never a stack trace or
 * SQL. Anything unexpected is logged and answered with the generic message.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  calls,
  GENERIC_ERROR,
  MAX_UPLOAD_SIZE,
  type CallName,
  type ErrorBody,
} from '../../src/api/contract';
import { Problem } from './problems';

/** Messages for Fastify's and its plugins' own 4xx errors, by code. */
const knownFailures: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request is too large: uploads must be ${MAX_UPLOAD_SIZE} or less.`,
  FST_REQ_FILE_TOO_LARGE: `The file is too large: uploads must be ${MAX_UPLOAD_SIZE} or less.`,
  FST_FILES_LIMIT: 'Upload one image only.',
  FST_PARTS_LIMIT: 'The form has too many fields.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the form as JSON or multipart form data.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The form could not be read.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

/** The route's call in the contract, set as `config.call` when the route is declared. */
declare module 'fastify' {
  interface FastifyContextConfig {
    call?: CallName;
  }
}

function isBooking(request: FastifyRequest): boolean {
  const name = request.routeOptions.config?.call;
  return name !== undefined && 'booking' in calls[name];
}

function bodyOf(error: FastifyError | Problem, request: FastifyRequest): ErrorBody {
  if (!(error instanceof Problem)) return { message: error.message };
  if (Object.keys(error.fields).length === 0) return { message: error.message, ...error.details };
  return {
    message: error.message,
    errors: error.fields,
    ...(isBooking(request) ? { data: error.fields } : {}),
  };
}

export function handleError(
  error: FastifyError | Problem,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof Problem)
    return reply.code(error.statusCode).headers(error.headers).send(bodyOf(error, request));
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      (error.code && knownFailures[error.code]) ??
      (error.code?.startsWith('FST_') ? 'The request could not be read.' : error.message);
    return reply.code(status).send({ message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: GENERIC_ERROR });
}
