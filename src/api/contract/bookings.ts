/**
 * The bookings area's table of calls: tracking, and the three delivery bookings, whose requests
 * are in ./deliveries (the forms load those without this table).
 */
import * as z from 'zod/mini';
import {
  DELIVERY_CREATED,
  bulkDeliveryRequest,
  instantDeliveryRequest,
  scheduledDeliveryRequest,
} from './deliveries';
import { define, referenceResponse, requiredText, serviceTypes, shipmentStatus } from './rules';

export const trackingRequest = z.object({
  reference_id: requiredText('Please enter your tracking code.', 64),
});

export const trackingResult = z.object({
  reference_number: z.string(),
  service_type: z.enum(serviceTypes),
  status: shipmentStatus,
  ProgressBar: z.number().check(z.gte(0), z.lte(100)),
  'date created': z.string(),
  'date updated': z.string(),
  history: z.array(z.object({ status: shipmentStatus, date: z.string() })),
  /** The crew's day and window (Lagos time) once the order is assigned; never who comes (docs/crews.md). */
  window: z.optional(
    z.object({ date: z.string(), window_start: z.string(), window_end: z.string() }),
  ),
});
export type TrackingResult = z.infer<typeof trackingResult>;
export const trackingResponse = z.object({ message: z.string(), data: trackingResult });

export const bookingCalls = define({
  trackingStatus: {
    method: 'POST',
    path: 'users/tracking/status',
    body: 'multipart',
    auth: 'optional',
    request: trackingRequest,
    response: trackingResponse,
    success: 'Package found',
    fallback: null,
  },
  instantDelivery: {
    method: 'POST',
    path: 'users/StoreDilivery',
    body: 'json',
    auth: 'bearer',
    request: instantDeliveryRequest,
    response: referenceResponse,
    success: DELIVERY_CREATED,
    fallback: null,
    booking: true,
  },
  scheduledDelivery: {
    method: 'POST',
    path: 'users/schedule/delivery',
    body: 'json',
    auth: 'bearer',
    request: scheduledDeliveryRequest,
    response: referenceResponse,
    success: null,
    fallback: null,
    booking: true,
  },
  bulkDelivery: {
    method: 'POST',
    path: 'users/bulk/delivery',
    body: 'json',
    auth: 'bearer',
    request: bulkDeliveryRequest,
    response: referenceResponse,
    success: null,
    fallback: null,
    booking: true,
  },
});
