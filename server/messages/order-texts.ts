/**
 * An order's texts as staff see them on its page (GET staff/orders/{reference}): newest first,
 * each with its channel, template, state and when it last moved, and the number masked but for
 * its last 4 digits.
 */
import type { OrderText } from '../../src/api/contract';
import type { DB } from '../db/database';
import { maskPhone } from './phone';

export async function orderTexts(db: DB, shipmentId: number): Promise<OrderText[]> {
  const rows = await db
    .selectFrom('texts')
    .select([
      'channel',
      'recipient',
      'template',
      'state',
      'created_at',
      'sent_at',
      'delivered_at',
      'failed_at',
    ])
    .where('shipment_id', '=', shipmentId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    to: maskPhone(row.recipient),
    template: row.template,
    state: row.state,
    at: (row.delivered_at ?? row.failed_at ?? row.sent_at ?? row.created_at).toISOString(),
  }));
}
