/** The errors a route throws on purpose; the error handler turns each into its answer. */
import type { z } from 'zod/mini';
import { fieldErrors } from '../../src/api/contract';

/** A 4xx with a message for the user, optionally messages under fields and headers (Retry-After). */
export class Problem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
    /** More of the answer beside `message` (the order as it is now, on an offer's 409). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'Problem';
  }
}

export const INVALID_DATA = 'The given data was invalid.';

/** 422 with the field messages of a failed parse; the first one doubles as `message`. */
export function invalid(fields: Record<string, string[]>): Problem {
  const first = Object.values(fields)[0]?.[0];
  return new Problem(422, first ?? INVALID_DATA, fields);
}

export const invalidFrom = (error: z.core.$ZodError) => invalid(fieldErrors(error));

export const unauthorized = () => new Problem(401, 'Please log in again: your session has ended.');
export const notFound = (message: string) => new Problem(404, message);
export const forbidden = (message: string) => new Problem(403, message);
/** The order (or offer) is not in a state that allows this: the message says why. */
export const conflict = (message: string) => new Problem(409, message);
/** A 409 that also says how things stand now (`details` sit beside `message`). */
export const conflictWith = (message: string, details: Record<string, unknown>) =>
  new Problem(409, message, {}, {}, details);
