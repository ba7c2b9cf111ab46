/**
 * Deliver Now (docs/product.md, /express-delivery): the seven fields of an instant delivery,
 * all required, checked with the contract's schema, sent to users/StoreDilivery.
 */
import { instantDeliveryRequest } from '../api/contract/deliveries';
import { createFormMachine } from './formMachine';

export const instantDeliveryMachine = createFormMachine({
  id: 'instantDelivery',
  schema: instantDeliveryRequest,
});
