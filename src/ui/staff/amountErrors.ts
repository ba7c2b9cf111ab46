import { ApiError, isApiError } from '../../api/errors';

/** The server names the amount `amount_kobo`; the staff's forms name the field `amount` (naira). */
export function underFormNames(error: unknown): unknown {
  if (!isApiError(error) || !error.fields.amount_kobo) return error;
  const { amount_kobo, ...fields } = error.fields;
  return new ApiError(error.messages, { ...fields, amount: amount_kobo }, error.status);
}
