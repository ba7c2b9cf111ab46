/**
 * The relocation quote forms' calls (the 3-step quote, and the 5-step local, interstate and
 * office quotes): an area of its own, so a quote page loads these schemas and not the delivery
 * and tracking ones (docs/architecture.md, "What a route loads"). Their request and success
 * texts are in ./quoteRequest, which the forms load without this table.
 */
import { quoteRequest, quoteSuccess } from './quoteRequest';
import { define, referenceResponse } from './rules';

export const quoteCalls = define({
  stateService: {
    method: 'POST',
    path: 'users/state-service',
    body: 'json',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: quoteSuccess.stateService,
    fallback: null,
    quote: true,
  },
  stateServiceMultipart: {
    method: 'POST',
    path: 'users/state-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: quoteSuccess.stateServiceMultipart,
    fallback: null,
    quote: true,
  },
  localService: {
    method: 'POST',
    path: 'users/Local-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: quoteSuccess.localService,
    fallback: null,
    quote: true,
  },
  officeService: {
    method: 'POST',
    path: 'users/Office-service',
    body: 'multipart',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: quoteSuccess.officeService,
    fallback: null,
    quote: true,
  },
});
