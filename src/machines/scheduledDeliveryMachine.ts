/**
 * Scheduled delivery (docs/product.md, /schedule-delivery): nine required fields; the pickup
 * date not in the past, the delivery not before the pickup (the contract's schema); sent to
 * users/schedule/delivery.
 */
import { scheduledDeliveryRequest } from '../api/contract/deliveries';
import { createFormMachine } from './formMachine';

export const scheduledDeliveryMachine = createFormMachine({
  id: 'scheduledDelivery',
  schema: scheduledDeliveryRequest,
});
