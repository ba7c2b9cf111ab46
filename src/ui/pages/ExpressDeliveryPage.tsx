/** Deliver Now (docs/product.md, /express-delivery): an urgent pickup and delivery, every field required but the landmark notes and the declared value. */
import { bookingsApi } from '../../api/lazy';
import { instantDeliveryMachine } from '../../machines/instantDeliveryMachine';
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
  // Spelt so on the wire (docs/product.md).
  {
    name: 'dilivery_address',
    spec: fieldSpecs.deliveryAddress,
    place: { label: 'Delivery', state: 'delivery_state', lga: 'delivery_lga' },
    landmark: { name: 'delivery_landmark', spec: fieldSpecs.deliveryLandmark },
  },
  { name: 'sender_fullname', spec: fieldSpecs.senderName },
  { name: 'receiver_fullname', spec: fieldSpecs.receiverName },
  { name: 'sender_number', spec: fieldSpecs.senderPhone },
  { name: 'receiver_number', spec: fieldSpecs.receiverPhone },
  { name: 'description', spec: fieldSpecs.description },
  { name: 'declared_value', spec: fieldSpecs.declaredValue },
];

export default function ExpressDeliveryPage() {
  return (
    <BookingPage
      title="Deliver Now"
      subtitle="Urgent? We pick up your package now and deliver it today."
    >
      <BookingForm
        machine={instantDeliveryMachine}
        fields={fields}
        submit={(request, extras) => bookingsApi.instantDelivery(request, extras)}
        draft="instantDelivery"
        submitLabel="Book Now"
        serviceType="instant_delivery"
      />
    </BookingPage>
  );
}
