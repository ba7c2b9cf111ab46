/**
 * Looks a tracking code up (multipart reference_id, docs/product.md) and makes every failure say
 * what happened under the Tracking Code field: an unknown code in the server's words, a network
 * failure as such, so that the user knows whether to check the code or the connection.
 */
import type { CallExtras } from '../../api/client';
import { bookingsApi } from '../../api/lazy';
import { GENERIC_ERROR } from '../../api/contract/rules';
import type { TrackingResult } from '../../api/contract/bookings';
import { ApiError, isApiError } from '../../api/errors';

export const UNREACHABLE_MESSAGE =
  'We could not reach the tracking service. Check your internet connection and try again.';

function explained(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const unreachable =
    error.status === null && error.messages.length === 1 && error.messages[0] === GENERIC_ERROR;
  const messages = unreachable ? [UNREACHABLE_MESSAGE] : error.messages;
  const fields = Object.keys(error.fields).length ? error.fields : { reference_id: messages };
  return new ApiError(messages, fields, error.status);
}

/**
 * `api`: the lazily loaded client by default (/track looks up when asked); a page that looks up as
 * it opens passes the client it imports (docs/architecture.md, "What a route loads"). `extras`: how
 * the call goes, e.g. answered by the page's early look-up (src/api/earlyTracking.ts).
 */
export async function lookUpShipment(
  reference: string,
  api: Pick<typeof bookingsApi, 'trackingStatus'> = bookingsApi,
  extras?: CallExtras<'trackingStatus'>,
): Promise<TrackingResult> {
  try {
    return (await api.trackingStatus({ reference_id: reference }, extras)).data;
  } catch (error) {
    throw explained(error);
  }
}
