/** What every quote and delivery does: store the shipment and its details together, then mail the reference. */
import type { Transaction } from 'kysely';
import type { ServiceType } from '../../src/api/contract';
import type { Database, User } from '../db/database';
import { bookingMail } from '../mail/messages';
import type { Services } from '../services';
import { createShipment } from '../shipments';

export async function book(
  { db, mailer }: Services,
  customer: User,
  serviceType: ServiceType,
  storeDetails: (trx: Transaction<Database>, shipmentId: number) => Promise<unknown>,
): Promise<{ reference_number: string }> {
  const shipment = await db.transaction().execute(async (trx) => {
    const created = await createShipment(trx, customer.id, serviceType);
    await storeDetails(trx, created.id);
    return created;
  });
  await mailer.send(bookingMail(customer.email, shipment.reference, serviceType));
  return { reference_number: shipment.reference };
}
