/**
 * The three-step quote form of /get-quote (docs/product.md): locations, contact,
 * then services, dates, description, files and the terms box. Step 1 checks its fields in the
 * spec's order, destination floor included (docs/product.md, Decisions); step 2 needs
 * name, email and a Nigerian mobile number; step 3 at least one service and the terms box.
 * The chosen files (images or video, several) are kept but not sent (docs/product.md).
 */
import { z } from 'zod/mini';
import { email, nigerianPhone, requiredText } from '../api/contract/rules';
import { quoteRequest } from '../api/contract/quoteRequest';
import { createQuoteStepsMachine, type QuoteStep } from './quoteSteps';

const wire = quoteRequest.shape;

export const TERMS_MESSAGE = 'Please accept the terms and conditions.';

export const quoteSteps = [
  {
    name: 'locations',
    // Keys in the order docs/product.md checks them, so the messages come in that order.
    schema: z.object({
      moving_from_address: wire.moving_from_address,
      moving_to_address: wire.moving_to_address,
      moving_from_landmark: wire.moving_from_landmark,
      moving_to_landmark: wire.moving_to_landmark,
      moving_from_apartment_type: wire.moving_from_apartment_type,
      moving_to_apartment_type: wire.moving_to_apartment_type,
      number_of_room_moving_from: wire.number_of_room_moving_from,
      number_of_room_moving_to: wire.number_of_room_moving_to,
      aptFloor: wire.aptFloor,
      toAptFloor: wire.toAptFloor,
    }),
  },
  {
    name: 'contact',
    schema: z.object({
      full_name: requiredText('Please fill in your name.', 120),
      email: email(),
      mobile_phone: nigerianPhone(),
    }),
  },
  {
    name: 'services',
    schema: z.object({
      Services: wire.Services,
      moving_date: wire.moving_date,
      date_of_inspection: wire.date_of_inspection,
      description: wire.description,
      declared_value: wire.declared_value,
      terms: z.literal(true, { error: TERMS_MESSAGE }),
    }),
  },
] as const satisfies readonly QuoteStep[];

export const quoteMachine = createQuoteStepsMachine({
  id: 'quote',
  steps: quoteSteps,
  files: { field: 'files', max: 20 },
});
