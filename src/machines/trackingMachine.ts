/**
 * /track (docs/product.md): one Tracking Code field and Track. The code is checked, sent as
 * multipart reference_id, and on 'Package found' the page leaves for /package-details.
 */
import { trackingRequest } from '../api/contract/bookings';
import { createFormMachine } from './formMachine';

export const trackingMachine = createFormMachine({ id: 'tracking', schema: trackingRequest });
