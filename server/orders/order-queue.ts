/**
 * The staff queue: every quote and delivery, newest first, filtered by status and service type,
 * searched by reference, name, email or phone (the account's, a quote's contact, a delivery's
 * sender or receivers), and paged by keyset: `cursor` is the id of the last row seen.
 */
import type { ExpressionBuilder } from 'kysely';
import type { ParsedQueryOf, StaffOrder } from '../../src/api/contract';
import type { Database, DB } from '../db/database';
import { moneyColumns, withPaymentState } from '../money/balances';
import { currentOffers, orderOf } from './orders';
import { normaliseReference } from './shipments';

/** `%text%` for ILIKE, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The national part of a phone number typed any way (0803…, +234 803…, 803…), or null when too short to search by. */
function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '').replace(/^234/, '').replace(/^0/, '');
  return digits.length >= 4 ? digits : null;
}

function matching(q: string) {
  const text = containing(q);
  const phone = phoneDigits(q);
  const phoneLike = phone ? `%${phone}%` : null;
  return (eb: ExpressionBuilder<Database, 'shipments' | 'users'>) =>
    eb.or([
      eb('shipments.reference', 'like', containing(normaliseReference(q))),
      eb('users.fullname', 'ilike', text),
      eb('users.email', 'ilike', text),
      ...(phoneLike ? [eb('users.phone', 'like', phoneLike)] : []),
      eb.exists(
        eb
          .selectFrom('quotes')
          .select('quotes.shipment_id')
          .whereRef('quotes.shipment_id', '=', 'shipments.id')
          .where((quote) =>
            quote.or([
              quote('quotes.full_name', 'ilike', text),
              quote('quotes.email', 'ilike', text),
              ...(phoneLike ? [quote('quotes.mobile_phone', 'like', phoneLike)] : []),
            ]),
          ),
      ),
      eb.exists(
        eb
          .selectFrom('deliveries')
          .select('deliveries.shipment_id')
          .whereRef('deliveries.shipment_id', '=', 'shipments.id')
          .where((delivery) =>
            delivery.or([
              delivery('deliveries.sender_fullname', 'ilike', text),
              ...(phoneLike ? [delivery('deliveries.sender_phone', 'like', phoneLike)] : []),
            ]),
          ),
      ),
      eb.exists(
        eb
          .selectFrom('delivery_receivers')
          .select('delivery_receivers.shipment_id')
          .whereRef('delivery_receivers.shipment_id', '=', 'shipments.id')
          .where((receiver) =>
            receiver.or([
              receiver('delivery_receivers.name', 'ilike', text),
              ...(phoneLike ? [receiver('delivery_receivers.phone', 'like', phoneLike)] : []),
            ]),
          ),
      ),
    ]);
}

export async function orderQueue(
  db: DB,
  { status, service_type, q, payment_state, cursor, limit = 50 }: ParsedQueryOf<'staffOrders'>,
): Promise<{ data: StaffOrder[]; next_cursor: string | null }> {
  let query = db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .select([
      'shipments.id', 'shipments.reference', 'shipments.service_type', 'shipments.status', 'shipments.created_at', 'shipments.updated_at',
      'users.fullname', 'users.email', 'users.phone', ...moneyColumns,
    ])
    .orderBy('shipments.id', 'desc')
    .limit(limit + 1);
  if (status) query = query.where('shipments.status', '=', status);
  if (service_type) query = query.where('shipments.service_type', '=', service_type);
  if (payment_state) query = query.where(withPaymentState(payment_state));
  if (cursor) query = query.where('shipments.id', '<', Number(cursor));
  if (q) query = query.where(matching(q));
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const offers = await currentOffers(db, page.map((row) => row.id));
  return {
    data: page.map((row) => ({
      ...orderOf(row, offers.get(row.id) ?? null),
      updated_at: row.updated_at.toISOString(),
      customer: { fullname: row.fullname, email: row.email, phone: row.phone },
      payment_state: row.payment_state,
    })),
    next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null,
  };
}
