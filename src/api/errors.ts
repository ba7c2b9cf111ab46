/**
 * Turns every way a call can fail into what docs/product.md says to show: a list of messages
 * (one toast each) and the field messages to put under the inputs.
 */
import { GENERIC_ERROR, QUOTE_ERROR } from './contract/rules';

export class ApiError extends Error {
  constructor(
    readonly messages: string[],
    readonly fields: Record<string, string[]> = {},
    readonly status: number | null = null,
    /**
     * How things stand now, when a 409 says so (the order whose offer changed meanwhile), as
     * parsed with the call's `conflict` schema; null otherwise.
     */
    readonly current: unknown = null,
  ) {
    super(messages.join('\n'));
    this.name = 'ApiError';
  }
}

export interface FailureRules {
  /** Booking calls carry their field messages under `data`. */
  booking?: boolean;
  /** Quote failures add QUOTE_ERROR after the server's messages. */
  quote?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose every value is a list of strings (or one string): Laravel-style field errors. */
function asFieldMessages(value: unknown): Record<string, string[]> | null {
  if (!isRecord(value)) return null;
  const result: Record<string, string[]> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[key] = [entry];
    else if (Array.isArray(entry) && entry.every((item) => typeof item === 'string'))
      result[key] = entry;
    else return null;
  }
  return Object.keys(result).length ? result : null;
}

function fieldMessagesOf(
  body: Record<string, unknown>,
  rules: FailureRules,
): Record<string, string[]> {
  const { message: _message, errors, data, ...rest } = body;
  return (
    asFieldMessages(errors) ??
    asFieldMessages(data) ??
    (rules.booking ? null : asFieldMessages(rest)) ??
    {}
  );
}

/** The error of a response that failed (any status), from its parsed body (or null when none). */
export function failureFrom(
  body: unknown,
  status: number | null,
  rules: FailureRules = {},
  current: unknown = null,
): ApiError {
  const fields = isRecord(body) ? fieldMessagesOf(body, rules) : {};
  const fieldMessages = [...new Set(Object.values(fields).flat())];
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  const messages = fieldMessages.length ? fieldMessages : message ? [message] : [GENERIC_ERROR];
  if (rules.quote) messages.push(QUOTE_ERROR);
  return new ApiError(messages, fields, status, current);
}

/** A 2xx whose message is not the expected success text: the per-call fallback, or the server's words. */
export function unexpectedSuccess(
  body: unknown,
  fallback: string | null,
  rules: FailureRules = {},
): ApiError {
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  const messages = [fallback ?? message ?? GENERIC_ERROR];
  if (rules.quote) messages.push(QUOTE_ERROR);
  return new ApiError(messages, {}, null);
}

/** A network failure, a timeout or an unreadable body. */
export function networkFailure(rules: FailureRules = {}): ApiError {
  return new ApiError(rules.quote ? [GENERIC_ERROR, QUOTE_ERROR] : [GENERIC_ERROR]);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whatever an actor rejected with, as messages to show. */
export function messagesOf(error: unknown): string[] {
  return isApiError(error) ? error.messages : [GENERIC_ERROR];
}
