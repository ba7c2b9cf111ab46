/** Scheduled delivery (docs/product.md, /schedule-delivery): plan the pickup and the delivery ahead. */
import { bookingsApi } from '../../api/lazy';
import { scheduledDeliveryMachine } from '../../machines/scheduledDeliveryMachine';
import { BookingForm, type BookingField } from '../delivery/BookingForm';
import { BookingPage } from '../delivery/BookingPage';
import { fieldSpecs } from '../delivery/fields';

const fields: BookingField[] = [
  {
    name: 'pickup_address',
    spec: fieldSpecs.pickupAddress,
    place: { label: 'Pickup', state: 'pickup_state', lga: 'pickup_lga' },
    landmark: { name: 'pickup_landmark', spec: fieldSpecs.pickupLandmark },
  },
  {
    name: 'delivery_address',
    spec: fieldSpecs.deliveryAddress,
    place: { label: 'Delivery', state: 'delivery_state', lga: 'delivery_lga' },
    landmark: { name: 'delivery_landmark', spec: fieldSpecs.deliveryLandmark },
  },
  { name: 'sender_fullname', spec: fieldSpecs.senderName },
  { name: 'receiver_fullname', spec: fieldSpecs.receiverName },
  { name: 'sender_phone', spec: fieldSpecs.senderPhone },
  { name: 'receiver_phone', spec: fieldSpecs.receiverPhone },
  { name: 'pickup_date', spec: fieldSpecs.pickupDate },
  { name: 'delivery_date', spec: fieldSpecs.deliveryDate, notBefore: 'pickup_date' },
  { name: 'description', spec: fieldSpecs.description },
  { name: 'declared_value', spec: fieldSpecs.declaredValue },
];

export default function ScheduleDeliveryPage() {
  return (
    <BookingPage
      title="Schedule a Delivery"
      subtitle="Plan ahead: choose when we pick up and when we deliver."
    >
      <BookingForm
        machine={scheduledDeliveryMachine}
        fields={fields}
        submit={(request, extras) => bookingsApi.scheduledDelivery(request, extras)}
        draft="scheduledDelivery"
        submitLabel="Book Now"
        serviceType="scheduled_delivery"
      />
    </BookingPage>
  );
}
