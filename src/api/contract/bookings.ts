import * as z from 'zod/mini';
import {
  MAX_RECEIVERS,
  date,
  declaredValue,
  define,
  landmark,
  nigerianPhone,
  notBefore,
  placeName,
  referenceResponse,
  requiredText,
  serviceTypes,
  shipmentStatus,
} from './rules';

export const instantDeliveryRequest = z.object({
  pickup_address: requiredText('Please fill in the pickup address.'),
  pickup_state: placeName,
  pickup_lga: placeName,
  pickup_landmark: landmark,
  dilivery_address: requiredText('Please fill in the delivery address.'),
  delivery_state: placeName,
  delivery_lga: placeName,
  delivery_landmark: landmark,
  sender_fullname: requiredText("Please fill in the sender's name.", 120),
  receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
  sender_number: nigerianPhone("Please fill in the sender's phone number."),
  receiver_number: nigerianPhone("Please fill in the receiver's phone number."),
  description: requiredText('Please describe the package.', 2000, 'many'),
  declared_value: declaredValue,
});

export const scheduledDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    pickup_state: placeName,
    pickup_lga: placeName,
    pickup_landmark: landmark,
    delivery_address: requiredText('Please fill in the delivery address.'),
    delivery_state: placeName,
    delivery_lga: placeName,
    delivery_landmark: landmark,
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    receiver_fullname: requiredText("Please fill in the receiver's name.", 120),
    sender_phone: nigerianPhone("Please fill in the sender's phone number."),
    receiver_phone: nigerianPhone("Please fill in the receiver's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    delivery_date: date('Please choose a delivery date.'),
    description: requiredText('Please describe the package.', 2000, 'many'),
    declared_value: declaredValue,
  })
  .check(
    z.superRefine(
      notBefore(
        (v) => v.delivery_date,
        (v) => v.pickup_date,
        'delivery_date',
        'Delivery cannot be before pickup.',
      ),
    ),
  );

export const receiver = z.object({
  address: requiredText("Please fill in the receiver's address."),
  state: placeName,
  lga: placeName,
  landmark,
  name: requiredText("Please fill in the receiver's name.", 120),
  phone: nigerianPhone("Please fill in the receiver's phone number."),
  date: date('Please choose a delivery date.'),
});
export type Receiver = z.input<typeof receiver>;

export const bulkDeliveryRequest = z
  .object({
    pickup_address: requiredText('Please fill in the pickup address.'),
    pickup_state: placeName,
    pickup_lga: placeName,
    pickup_landmark: landmark,
    sender_fullname: requiredText("Please fill in the sender's name.", 120),
    sender_number: nigerianPhone("Please fill in the sender's phone number."),
    pickup_date: date('Please choose a pickup date.'),
    description: requiredText('Please describe the packages.', 2000, 'many'),
    declared_value: declaredValue,
    receiver_details: z
      .array(receiver, { error: 'Add at least one receiver.' })
      .check(
        z.minLength(1, 'Add at least one receiver.'),
        z.maxLength(MAX_RECEIVERS, `You can add at most ${MAX_RECEIVERS} receivers.`),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      value.receiver_details.forEach((entry, index) => {
        if (entry.date < value.pickup_date) {
          ctx.addIssue({
            code: 'custom',
            path: ['receiver_details', index, 'date'],
            message: `Receiver ${index + 1}: delivery cannot be before pickup.`,
          });
        }
      });
    }),
  );

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

/**
 * Answers of calls whose text the site does not check (`success: null`, as the original API's
 * answer is not read there): the server says them, and the site shows the delivery ones itself.
 */
export const DELIVERY_CREATED = 'Delivery created successfully';
export const BULK_DELIVERY_CREATED = 'Bulk Delivery created successfully';

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
