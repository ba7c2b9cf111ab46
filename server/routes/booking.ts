/** What every quote and delivery does: store the shipment and its details in one statement, then mail the reference. */
import type { ServiceType } from '../../src/api/contract';
import type { User } from '../db/database';
import { bookingMail } from '../mail/messages';
import type { Services } from '../services';
import { insertShipment, newReference, type WithNewShipment } from '../shipments';

export async function book(
  { db, mailer }: Services,
  customer: User,
  serviceType: ServiceType,
  storeDetails: (withShipment: WithNewShipment) => Promise<unknown>,
): Promise<{ reference_number: string }> {
  const reference = newReference();
  await storeDetails(insertShipment(db, customer.id, serviceType, reference));
  await mailer.send(bookingMail(customer.email, reference, serviceType));
  return { reference_number: reference };
}
