/**
 * What the dedicated account machines (login, email verification, password reset) share with
 * formMachine: typing clears that field's message, a schema decides what is wrong before
 * anything is sent, and a failed call becomes field messages plus toasts.
 */
import type { z } from 'zod';
import { fieldErrors } from '../api/contract';
import { isApiError, messagesOf } from '../api/errors';

export type Values = Record<string, string>;
export type Errors = Record<string, string[]>;

export interface Feedback {
  errors: Errors;
  /** One toast each. */
  messages: string[];
}

/** The values with `name` set, and the errors without that field's (SPEC section 5). */
export function edited<V extends Values>(values: V, errors: Errors, name: string, value: string) {
  const { [name]: _cleared, ...rest } = errors;
  return { values: { ...values, [name]: value } as V, errors: rest };
}

/** The field messages of `value` under `schema`, none when it passes. */
export function problemsOf(schema: z.ZodType, value: unknown): Feedback {
  const parsed = schema.safeParse(value);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  return { errors, messages: [...new Set(Object.values(errors).flat())] };
}

/** What a rejected call says: field messages when the server gave them, always toasts. */
export function feedbackOf(error: unknown): Feedback {
  return { errors: isApiError(error) ? error.fields : {}, messages: messagesOf(error) };
}

/** One-time codes: the input accepts digits only, at most six (SPEC section 5). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);
