/**
 * An order's stops (docs/crews.md): a delivery's pickup and a drop-off per receiver, a move's
 * loading at the origin and unloading at the destination. Written once, the first time the order
 * is assigned; reassigning keeps them and their states.
 */
import type { StopKind } from '../../src/api/contract';
import type { DB, Shipment } from '../db/database';

interface PlannedStop {
  kind: StopKind;
  address: string;
  /** The address's landmark note, as the customer gave it with the booking (issue 37). */
  landmark: string | null;
  contact_name: string;
  contact_phone: string;
}

async function plannedStops(db: DB, shipment: Shipment): Promise<PlannedStop[]> {
  const delivery = await db
    .selectFrom('deliveries')
    .select(['pickup_address', 'pickup_landmark', 'sender_fullname', 'sender_phone'])
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirst();
  if (delivery) {
    const receivers = await db
      .selectFrom('delivery_receivers')
      .select(['address', 'landmark', 'name', 'phone'])
      .where('shipment_id', '=', shipment.id)
      .orderBy('position')
      .execute();
    return [
      {
        kind: 'pickup',
        address: delivery.pickup_address,
        landmark: delivery.pickup_landmark,
        contact_name: delivery.sender_fullname,
        contact_phone: delivery.sender_phone,
      },
      ...receivers.map((receiver) => ({
        kind: 'dropoff' as const,
        address: receiver.address,
        landmark: receiver.landmark,
        contact_name: receiver.name,
        contact_phone: receiver.phone,
      })),
    ];
  }
  // A move: the customer is met at both ends, under the quote's own name and number if it gave them.
  const move = await db
    .selectFrom('quotes')
    .select([
      'moving_from_address',
      'moving_from_landmark',
      'moving_to_address',
      'moving_to_landmark',
      'full_name',
      'mobile_phone',
    ])
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirstOrThrow();
  const owner = await db
    .selectFrom('users')
    .select(['fullname', 'phone'])
    .where('id', '=', shipment.user_id)
    .executeTakeFirstOrThrow();
  const contact = {
    contact_name: move.full_name ?? owner.fullname,
    contact_phone: move.mobile_phone ?? owner.phone,
  };
  return [
    {
      kind: 'loading',
      address: move.moving_from_address,
      landmark: move.moving_from_landmark,
      ...contact,
    },
    {
      kind: 'unloading',
      address: move.moving_to_address,
      landmark: move.moving_to_landmark,
      ...contact,
    },
  ];
}

/** Writes the order's stops unless it has them (call it in the assignment's transaction). */
export async function ensureStops(trx: DB, shipment: Shipment): Promise<void> {
  const existing = await trx
    .selectFrom('stops')
    .select('id')
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirst();
  if (existing) return;
  const stops = await plannedStops(trx, shipment);
  await trx
    .insertInto('stops')
    .values(stops.map((stop, position) => ({ ...stop, shipment_id: shipment.id, position })))
    .onConflict((conflict) => conflict.columns(['shipment_id', 'position']).doNothing())
    .execute();
}
