/**
 * /express-delivery and /schedule-delivery: the paths of instantDeliveryMachine's and
 * scheduledDeliveryMachine's graphs through their pages (./formGraphView.ts), against the real
 * server, signed in as one member (a booking changes nothing the other paths need).
 */
import {
  DELIVERY_CREATED,
  instantDeliveryRequest,
  scheduledDeliveryRequest,
} from '../../src/api/contract';
import { instantDeliveryMachine } from '../../src/machines/instantDeliveryMachine';
import { scheduledDeliveryMachine } from '../../src/machines/scheduledDeliveryMachine';
import { inDays, instantDelivery, scheduledDelivery } from '../support/api';
import type { TestServer } from '../support/server';
import { formGraphViewSuite, membersFor } from '../support/view/formGraphView';
import { sessionOf } from '../support/view/render';

const labels = {
  pickup_address: 'Pick up Address',
  delivery_address: 'Delivery Address',
  sender_fullname: "Sender's Full Name",
  receiver_fullname: "Receiver's Full Name",
  sender_phone: "Sender's Phone Number",
  receiver_phone: "Receiver's Phone Number",
  pickup_date: 'Pick up Date',
  delivery_date: 'Delivery Date',
  description: 'Additional information',
};
const booked = { message: DELIVERY_CREATED, data: { reference_number: 'RL-ABCDEFGH23' } };
/** Bookings leave the account as it was: every path of a suite signs in as its one member. */
function signedIn() {
  const memberOn = membersFor();
  return async (server: TestServer) => ({ session: sessionOf(await memberOn(server)) });
}

formGraphViewSuite('/express-delivery', {
  machine: instantDeliveryMachine,
  schema: instantDeliveryRequest,
  path: '/express-delivery',
  title: 'Deliver Now',
  labels: {
    pickup_address: labels.pickup_address,
    dilivery_address: labels.delivery_address,
    sender_fullname: labels.sender_fullname,
    receiver_fullname: labels.receiver_fullname,
    sender_number: labels.sender_phone,
    receiver_number: labels.receiver_phone,
    description: labels.description,
  },
  values: { ...instantDelivery(), description: '' },
  field: 'description',
  valid: 'A parcel of documents',
  invalid: '   ',
  button: 'Book Now',
  busyLabel: 'Booking...',
  successMessage: DELIVERY_CREATED,
  leavesTo: '/thank-you',
  output: booked,
  arrange: signedIn(),
});

formGraphViewSuite('/schedule-delivery', {
  machine: scheduledDeliveryMachine,
  schema: scheduledDeliveryRequest,
  path: '/schedule-delivery',
  title: 'Schedule a Delivery',
  labels,
  values: { ...scheduledDelivery(), delivery_date: '' },
  field: 'delivery_date',
  valid: inDays(3),
  invalid: inDays(0),
  button: 'Book Now',
  busyLabel: 'Booking...',
  successMessage: DELIVERY_CREATED,
  leavesTo: '/thank-you',
  output: booked,
  arrange: signedIn(),
});
