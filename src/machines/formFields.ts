/**
 * What every form flow shares (formMachine, quoteSteps, bulk delivery, login, email
 * verification, password reset, profile update): typing clears that field's message, a schema
 * decides what is wrong before anything is sent, a failed call becomes field messages plus
 * toasts, and a booking-like submission carries one Idempotency-Key until an answer arrives.
 * The states that apply these rules are built once, in submitLifecycle.ts.
 */
import type { z } from 'zod/mini';
import { fieldErrors } from '../api/contract/rules';
import { isApiError, messagesOf } from '../api/errors';

export type Values = Record<string, string>;
export type Errors = Record<string, string[]>;

export interface Feedback {
  errors: Errors;
  /** One toast each. */
  messages: string[];
}

/** The errors without the messages of field `name`: typing in a field clears its message. */
export function withoutErrorsOf(errors: Errors, name: string): Errors {
  const { [name]: _cleared, ...rest } = errors;
  return rest;
}

/** The values with `name` set, and the errors without that field's. */
export function edited<V extends object>(values: V, errors: Errors, name: string, value: unknown) {
  return { values: { ...values, [name]: value } as V, errors: withoutErrorsOf(errors, name) };
}

/** The field messages of `value` under `schema`, none when it passes. */
export function problemsOf(schema: z.ZodMiniType, value: unknown): Feedback {
  const parsed = schema.safeParse(value);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  return { errors, messages: [...new Set(Object.values(errors).flat())] };
}

/** What a rejected call says: field messages when the server gave them, always toasts. */
export function feedbackOf(error: unknown): Feedback {
  return { errors: isApiError(error) ? error.fields : {}, messages: messagesOf(error) };
}

/** One-time codes: the input accepts digits only, at most six. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * Retry-safe submits (docs/reliability.md, "Retry-safe submits"): the server answers a repeated
 * Idempotency-Key with its first result, so a press after a timeout cannot book twice.
 */
export interface SubmissionKeys {
  /** The key of the submission not yet answered; null when none is. */
  submissionKey: string | null;
  /** Makes a fresh key; supplied from outside (crypto.randomUUID on the site) so machines stay pure. */
  newSubmissionKey: () => string;
}

/** What the submit actor gets: the request and the key it goes with. */
export interface KeyedRequest<TRequest> {
  request: TRequest;
  submissionKey: string;
}

/** The key still held from an unanswered submission, else a new one. */
export const heldOrNewKey = (context: SubmissionKeys) =>
  context.submissionKey ?? context.newSubmissionKey();

/**
 * A 4xx answer means the server stored nothing, so the next press is a new submission. No answer
 * (timeout, network) or a 5xx may have stored it: the next press resends the same key.
 */
export function wasRefused(error: unknown): boolean {
  return isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;
}

/** The draft of a form: what was typed, and the key while a submission waits for its answer. */
export function draftOf<TTyped extends object>(
  typed: TTyped,
  submissionKey: string | null,
): TTyped & { submissionKey?: string } {
  return submissionKey ? { ...typed, submissionKey } : typed;
}
