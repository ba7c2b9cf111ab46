/**
 * Routes declare `schema: { body: calls.X.request }`; this compiler parses with that zod schema,
 * so handlers get the parsed (trimmed, lower-cased, stripped of unknown fields) value, and a
 * failure becomes a 422 with the contract's field messages.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod/mini';
import { invalid, invalidFrom } from './problems';

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema }) =>
  (data) => {
    const nul = pathOfNul(data);
    if (nul !== null) return { error: invalid({ [nul || 'form']: [NUL_MESSAGE] }) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: invalidFrom(result.error) };
  };

const NUL_MESSAGE = 'This field contains a character that is not allowed.';

/**
 * Where a NUL character hides in the payload (`receiver_details.0.name`), or null. No text
 * column can hold one, and no form field has a reason to send one.
 */
function pathOfNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, entry] of Object.entries(value)) {
    const found = pathOfNul(entry, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
