/**
 * The delivery forms' requests (Deliver Now, Scheduled and Bulk delivery) and the texts of their
 * success, apart from the bookings area's table of calls (./bookings), which also holds tracking:
 * a booking page checks its form with these and loads the table with its client on the first
 * press (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import {
  MAX_RECEIVERS,
  date,
  declaredValue,
  landmark,
  nigerianPhone,
  deliveryNotBeforePickup,
  placeName,
  requiredText,
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
  .check(z.superRefine(deliveryNotBeforePickup));

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

/**
 * Answers of calls whose text the site does not check (`success: null`, as the original API's
 * answer is not read there): the server says them, and the site shows the delivery ones itself.
 */
export const DELIVERY_CREATED = 'Delivery created successfully';
export const BULK_DELIVERY_CREATED = 'Bulk Delivery created successfully';
