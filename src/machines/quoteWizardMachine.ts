/**
 * The five-step relocation quote wizard of /interstate-quote, /local-quote and /office-quote
 * (docs/product.md): tabs Current Location, Destination, Contact Details, Upload Media,
 * Additional Information, switched only by Back and Next. Each step checks its required fields
 * before Next (docs/product.md, Decisions); contact details are optional
 * but must be valid when given. The optional photo is not this machine's: the photo upload
 * (./photoUploadMachine.ts) holds it and sends the quote with it as the multipart `file`.
 */
import { z } from 'zod/mini';
import { date } from '../api/contract/rules';
import { quoteRequest } from '../api/contract/quoteRequest';
import { createQuoteStepsMachine, type QuoteStep } from './quoteSteps';

const wire = quoteRequest.shape;

export const quoteWizardSteps = [
  {
    name: 'currentLocation',
    schema: z.object({
      moving_from_address: wire.moving_from_address,
      moving_from_landmark: wire.moving_from_landmark,
      moving_from_apartment_type: wire.moving_from_apartment_type,
      number_of_room_moving_from: wire.number_of_room_moving_from,
      aptFloor: wire.aptFloor,
    }),
  },
  {
    name: 'destination',
    schema: z.object({
      moving_to_address: wire.moving_to_address,
      moving_to_landmark: wire.moving_to_landmark,
      moving_to_apartment_type: wire.moving_to_apartment_type,
      number_of_room_moving_to: wire.number_of_room_moving_to,
      toAptFloor: wire.toAptFloor,
    }),
  },
  {
    name: 'contactDetails',
    schema: z.object({
      full_name: wire.full_name,
      email: wire.email,
      mobile_phone: wire.mobile_phone,
    }),
  },
  // The photo is optional, and the photo upload keeps its own rules.
  { name: 'uploadMedia' },
  {
    name: 'additionalInformation',
    schema: z.object({
      Services: wire.Services,
      date_of_inspection: date('Please choose an inspection date.'),
      moving_date: date('Please choose your moving date.'),
      description: wire.description,
      declared_value: wire.declared_value,
    }),
  },
] as const satisfies readonly QuoteStep[];

export const quoteWizardMachine = createQuoteStepsMachine({
  id: 'quoteWizard',
  steps: quoteWizardSteps,
});
