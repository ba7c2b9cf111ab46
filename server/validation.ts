/**
 * Routes declare `schema: { body: calls.X.request }`; this compiler parses with that zod schema,
 * so handlers get the parsed (trimmed, lower-cased, stripped of unknown fields) value, and a
 * failure becomes a 422 with the contract's field messages.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { invalidFrom } from './problems';

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: invalidFrom(result.error) };
  };
