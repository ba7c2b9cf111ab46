/**
 * The relocation quote forms' calls (the 3-step quote, and the 5-step local, interstate and
 * office quotes): an area of its own, so a quote page loads these schemas and not the delivery
 * and tracking ones (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import {
  apartmentType,
  declaredValue,
  define,
  email,
  floor,
  inspectionNotAfterMoving,
  landmark,
  nigerianPhone,
  optionalDate,
  optionalText,
  placeName,
  preprocess,
  referenceResponse,
  requiredText,
  roomCount,
  servicesField,
} from './rules';

/** Both quote forms post this shape; each form checks its own required fields before sending. */
export const quoteRequest = z
  .object({
    moving_from_address: requiredText('Please fill in your address.'),
    moving_from_apartment_type: apartmentType,
    number_of_room_moving_from: roomCount,
    aptFloor: floor,
    moving_from_state: placeName,
    moving_from_lga: placeName,
    moving_from_landmark: landmark,
    moving_to_address: requiredText('Please fill in your address.'),
    moving_to_state: placeName,
    moving_to_lga: placeName,
    moving_to_landmark: landmark,
    moving_to_apartment_type: apartmentType,
    number_of_room_moving_to: roomCount,
    toAptFloor: floor,
    full_name: optionalText(120),
    email: preprocess((value) => (value === '' ? undefined : value), z.optional(email())),
    mobile_phone: preprocess(
      (value) => (value === '' ? undefined : value),
      z.optional(nigerianPhone()),
    ),
    Services: servicesField,
    moving_date: optionalDate('Please choose your moving date.'),
    date_of_inspection: optionalDate('Please choose an inspection date.'),
    description: optionalText(2000, 'many'),
    /** What the goods moved are worth, optional: the limit of our liability (the terms, section 5). */
    declared_value: declaredValue,
  })
  .check(z.superRefine(inspectionNotAfterMoving));

export const quoteCalls = define({
  stateService: {
    method: 'POST',
    path: 'users/state-service',
    body: 'json',
    auth: 'bearer',
    request: quoteRequest,
    response: referenceResponse,
    success: 'State service created successfully',
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
    success: 'State service created successfully',
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
    success: 'Local service created successfully',
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
    success: 'Office service created successfully',
    fallback: null,
    quote: true,
  },
});
