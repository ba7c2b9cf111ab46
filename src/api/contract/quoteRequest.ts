/**
 * What both relocation quote forms send (the 3-step quote, and the 5-step local, interstate and
 * office quotes) and the texts of their success, apart from the quotes area's table of calls
 * (./quotes): the forms check their steps with these, and load the table with its client on the
 * first press (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import {
  apartmentType,
  declaredValue,
  email,
  floor,
  inspectionNotAfterMoving,
  landmark,
  nigerianPhone,
  optionalDate,
  optionalText,
  placeName,
  preprocess,
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

const STATE_SERVICE_CREATED = 'State service created successfully';
/** What each quote call answers on success, by the call's name in ./quotes. */
export const quoteSuccess = {
  stateService: STATE_SERVICE_CREATED,
  stateServiceMultipart: STATE_SERVICE_CREATED,
  localService: 'Local service created successfully',
  officeService: 'Office service created successfully',
} as const;
